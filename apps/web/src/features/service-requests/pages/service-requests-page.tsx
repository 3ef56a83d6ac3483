import { useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  can,
  preferredPeriodLabels,
  serviceRequestStatusLabels,
  serviceRequestStatuses,
  weekdayLabels,
  type ServiceRequest,
  type ServiceRequestStatusName,
} from '@ordem-certa/contracts';
import { useFeature, useViewer } from '../../../lib/auth.tsx';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Column } from '../../../components/data-table.tsx';
import { TableOrCards } from '../../../components/table-or-cards.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListFilter } from '../../../components/paged-table.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useServiceRequests } from '../api/service-requests.ts';
import { useCloseRequest } from '../api/close-request.ts';
import { ConvertRequestModal } from '../components/convert-request-modal.tsx';

/** 'Seg, Qua · Manhã · depois das 9h'. */
const preference = (r: ServiceRequest) =>
  [
    r.preferredDays.map((d) => weekdayLabels[d]).join(', '),
    r.preferredPeriods.map((p) => preferredPeriodLabels[p as 'morning'] ?? p).join(', '),
    r.preferredNote ?? '',
  ]
    .filter(Boolean)
    .join(' · ') || '—';

/** The photos' thumbnails sent with the request. */
const photos = (r: ServiceRequest) =>
  r.pictures.length > 0 && (
    <div className="d-flex gap-1 mt-1">
      {r.pictures.map((p) => (
        <img key={p.id} src={p.thumbnail} alt={p.name} width={48} className="rounded border" />
      ))}
    </div>
  );

const problemCell = (r: ServiceRequest) => (
  <>
    <div className="text-break">{r.problem}</div>
    {photos(r)}
  </>
);

const statusBadge = (r: ServiceRequest) => (
  <Badge
    bg={r.status === 'open' ? 'warning' : r.status === 'closed' ? 'secondary' : 'success'}
    text={r.status === 'open' ? 'dark' : undefined}
  >
    {r.statusLabel}
    {r.order && ` nº ${r.order.number}`}
    {r.estimate && ` nº ${r.estimate.number}`}
  </Badge>
);

/**
 * /service-requests: the visits customers asked for (their portal) and new customers (the public form),
 * newest first, searched and filtered by status; an open one becomes an order or an estimate in one step,
 * or is closed.
 */
export function ServiceRequestsPage() {
  const { filter, onPage, search } = useListFilter('service-requests');
  const [status, setStatus] = useState<ServiceRequestStatusName | ''>('open');
  const list = useServiceRequests({
    q: filter.q || undefined,
    skip: filter.skip,
    take: filter.take,
    status: status || undefined,
  });
  const viewer = useViewer();
  const mayEstimate = useFeature('estimates') && can(viewer, 'estimate.create');
  const [converting, setConverting] = useState<{ request: ServiceRequest; kind: 'order' | 'estimate' } | null>(null);
  const close = useCloseRequest();
  const confirm = useConfirm();
  const onClose = async (r: ServiceRequest) => {
    const ok = await confirm({
      title: `Encerrar o pedido nº ${r.number}?`,
      text: 'Use quando o pedido foi resolvido sem visita (por telefone, duplicado…). O cliente vê o pedido como encerrado.',
      confirmLabel: 'Encerrar',
    });
    if (!ok) return;
    try {
      await close.mutateAsync({ id: r.id, reason: null });
      toast.success(`Pedido nº ${r.number} encerrado`);
    } catch (err) {
      toastApiError(err);
    }
  };
  const actions = (r: ServiceRequest) =>
    r.status === 'open' && (
      <div className="d-flex flex-wrap gap-1 justify-content-end">
        <Button
          size="sm"
          onClick={() => setConverting({ request: r, kind: 'order' })}
          aria-label={`Criar ordem do pedido ${r.number}`}
        >
          Criar ordem
        </Button>
        {mayEstimate && (
          <Button size="sm" variant="outline-primary" onClick={() => setConverting({ request: r, kind: 'estimate' })}>
            Criar orçamento
          </Button>
        )}
        <Button size="sm" variant="outline-secondary" onClick={() => void onClose(r)}>
          Encerrar
        </Button>
      </div>
    );
  const who = (r: ServiceRequest) => (
    <>
      <div>{r.customer?.name ?? r.contactName}</div>
      <div className="small text-body-secondary">
        {r.source === 'public' ? 'Formulário público · ' : ''}
        {[r.contactPhone, r.contactEmail].filter(Boolean).join(' · ')}
      </div>
    </>
  );
  const columns: Column<ServiceRequest>[] = [
    { header: 'Nº', cell: (r) => r.number },
    { header: 'Recebido em', cell: (r) => formatDateTime(r.createdAt), className: 'text-nowrap' },
    { header: 'Cliente', cell: who },
    { header: 'Equipamento', cell: (r) => r.equipment?.name ?? '—' },
    { header: 'Problema', cell: problemCell },
    { header: 'Preferência', cell: preference },
    { header: 'Situação', cell: statusBadge },
    { header: <span className="visually-hidden">Ações</span>, cell: (r) => actions(r), className: 'text-end' },
  ];
  return (
    <>
      <PageHeader title="Pedidos de atendimento" />
      <div className="card-list">
        <div className="d-flex flex-wrap gap-2 mb-2">
          <div className="flex-grow-1">
            <SearchBox
              value={search.value}
              onChange={search.onChange}
              placeholder="Número, cliente, e-mail ou problema"
            />
          </div>
          <Form.Select
            aria-label="Situação"
            style={{ maxWidth: 220 }}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ServiceRequestStatusName | '');
              onPage({ skip: 0, take: filter.take });
            }}
          >
            <option value="">Todas as situações</option>
            {serviceRequestStatuses.map((s) => (
              <option key={s} value={s}>
                {serviceRequestStatusLabels[s]}
              </option>
            ))}
          </Form.Select>
        </div>
        <TableOrCards
          columns={columns}
          rows={list.data?.data}
          rowKey={(r) => r.id}
          isLoading={list.isPending}
          emptyText="Nenhum pedido de atendimento"
          label="Pedidos de atendimento"
          renderCard={(r) => (
            <>
              <div className="money-line">
                <strong>Pedido nº {r.number}</strong>
                {statusBadge(r)}
              </div>
              <div className="small text-body-secondary">{formatDateTime(r.createdAt)}</div>
              {who(r)}
              {r.equipment && <div className="small">Equipamento: {r.equipment.name}</div>}
              <div className="text-break">{r.problem}</div>
              {photos(r)}
              <div className="small">Preferência: {preference(r)}</div>
              <div className="mt-2">{actions(r)}</div>
            </>
          )}
        />
        <PaginationBar meta={list.data?.meta} onChange={onPage} />
      </div>
      <ConvertRequestModal
        request={converting?.request ?? null}
        kind={converting?.kind ?? 'order'}
        onHide={() => setConverting(null)}
      />
    </>
  );
}
