import { useState } from 'react';
import { Badge, Button, Form, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  can,
  messages,
  paymentMethodLabel,
  receivableStatusLabels,
  type ReceivableRow,
  type ReceivableStatus,
} from '@ordem-certa/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { useViewer } from '../../../lib/auth.tsx';
import { DateInput, isoToBr } from '../../../components/date-input.tsx';
import { ReceiveModal } from '../../../components/payments/receive-modal.tsx';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusTabs } from '../../../components/status-tabs.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { reportedGlobally } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';
import { useReceivables } from '../api/get-receivables.ts';
import { useExportReceivablesCsv } from '../api/export-receivables-csv.ts';
import { useReceiveReceivable } from '../api/receive-receivable.ts';

interface ReceivablesFilter extends BaseFilter {
  status: '' | ReceivableStatus;
  from: string;
  to: string;
}
const defaults: ReceivablesFilter = { ...baseFilterDefaults, status: '', from: '', to: '' };

const statusVariant: Record<ReceivableStatus, string> = { open: 'secondary', overdue: 'danger', paid: 'success' };
const statusTabs: Array<['' | ReceivableStatus, string]> = [
  ['', 'Todas'],
  ['open', 'Em aberto'],
  ['overdue', 'Vencidas'],
  ['paid', 'Recebidas'],
];

function StatusBadge({ row }: { row: ReceivableRow }) {
  return (
    <Badge bg={statusVariant[row.status]}>
      {receivableStatusLabels[row.status]}
      {row.paidAt ? ` em ${isoToBr(row.paidAt)}` : ''}
    </Badge>
  );
}

/** The instalments' columns; 'Receber' only for who may record payments (onReceive given). */
function columns(onReceive: ((row: ReceivableRow) => void) | null): Column<ReceivableRow>[] {
  const shown: Column<ReceivableRow>[] = [
    { header: 'Vencimento', cell: (r) => isoToBr(r.dueDate), className: 'text-nowrap' },
    {
      header: 'OS',
      cell: (r) => <Link to={`/invoices/${r.invoiceId}/edit`}>{r.invoiceNumber}</Link>,
      className: 'text-nowrap',
    },
    { header: 'Cliente', cell: (r) => r.customerName },
    { header: 'Parcela', cell: (r) => `${r.installmentNumber}/${r.installmentCount}`, className: 'text-nowrap' },
    { header: 'Forma', cell: (r) => paymentMethodLabel(r.method) },
    { header: 'Valor', cell: (r) => formatMoney(r.amount), className: 'text-end text-nowrap' },
    { header: 'Situação', cell: (r) => <StatusBadge row={r} /> },
  ];
  if (!onReceive) return shown;
  return [
    ...shown,
    {
      header: <span className="visually-hidden">Ações</span>,
      cell: (r) =>
        r.status !== 'paid' && (
          <Button
            size="sm"
            variant="outline-success"
            aria-label={`Receber a parcela ${r.installmentNumber}/${r.installmentCount} da OS ${r.invoiceNumber}`}
            onClick={() => onReceive(r)}
          >
            Receber
          </Button>
        ),
      className: 'text-end',
    },
  ];
}

/**
 * /receivables (admin): every order's instalments by due date — open, overdue (highlighted: the due
 * date passed in the organization's time zone) and received — filtered by situation, due dates and
 * customer, paged on the server with the filtered sum, exported as CSV; each open one received here.
 */
export function ReceivablesPage() {
  const [filter, setFilter, reset] = usePersistedFilter('receivables', defaults);
  const [receiving, setReceiving] = useState<ReceivableRow | null>(null);
  const filters = {
    status: filter.status || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    customer: filter.q || undefined,
  };
  const list = useReceivables({ ...filters, skip: filter.skip, take: filter.take });
  const exportCsv = useExportReceivablesCsv();
  const receive = useReceiveReceivable();
  const count = (filter.q ? 1 : 0) + (filter.from ? 1 : 0) + (filter.to ? 1 : 0);
  const cols = columns(can(useViewer(), 'payment.record') ? setReceiving : null);
  const meta = list.data?.meta;

  const onExport = async () => {
    try {
      await exportCsv.mutateAsync(filters);
    } catch (err) {
      if (!reportedGlobally(err)) toast.error(messages.requestFailed);
    }
  };

  return (
    <>
      <PageHeader
        title="Contas a receber"
        actions={
          <>
            <Button variant="outline-primary" onClick={onExport} disabled={exportCsv.isPending}>
              {exportCsv.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
              Exportar CSV
            </Button>
            <FilterPopover<ReceivablesFilter>
              value={filter}
              count={count}
              onApply={(next) => setFilter({ ...next, skip: 0 })}
              onClear={reset}
            >
              {(draft, setDraft) => (
                <>
                  <Form.Group className="mb-3" controlId="receivables-filter-q">
                    <Form.Label>Cliente</Form.Label>
                    <Form.Control
                      value={draft.q ?? ''}
                      placeholder="Nome, CPF/CNPJ ou e-mail"
                      onChange={(e) => setDraft({ ...draft, q: e.target.value })}
                    />
                  </Form.Group>
                  <Form.Group className="mb-3" controlId="receivables-filter-from">
                    <Form.Label>Vencimento de</Form.Label>
                    <DateInput value={draft.from} onChange={(v) => setDraft({ ...draft, from: v })} />
                  </Form.Group>
                  <Form.Group controlId="receivables-filter-to">
                    <Form.Label>Vencimento até</Form.Label>
                    <DateInput value={draft.to} onChange={(v) => setDraft({ ...draft, to: v })} />
                  </Form.Group>
                </>
              )}
            </FilterPopover>
          </>
        }
      />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <StatusTabs
          tabs={statusTabs}
          value={filter.status}
          onChange={(status) => setFilter((f) => ({ ...f, status, skip: 0 }))}
        />
        {meta && (
          <div className="receivables-summary" data-testid="receivables-summary">
            <span>
              {meta.total} {meta.total === 1 ? 'parcela' : 'parcelas'}
            </span>
            <span>
              Total: <strong>{formatMoney(meta.sum)}</strong>
            </span>
          </div>
        )}
      </div>
      <div className="card-list">
        <div className="d-none d-md-block">
          <DataTable
            columns={cols}
            rows={list.data?.data}
            rowKey={(r) => r.id}
            isLoading={list.isPending}
            emptyText="Nenhuma parcela"
            rowClassName={(r) => (r.status === 'overdue' ? 'table-danger' : undefined)}
          />
        </div>
        {/* On a phone each instalment is a card: eight columns do not fit 375 px. */}
        <ul className="list-unstyled mb-0 d-md-none" aria-label="Parcelas">
          {list.data?.data.map((r) => (
            <li key={r.id} className={`receivable-card${r.status === 'overdue' ? ' is-overdue' : ''}`}>
              <div className="money-line">
                <span>
                  <Link to={`/invoices/${r.invoiceId}/edit`}>OS {r.invoiceNumber}</Link> · {r.installmentNumber}/
                  {r.installmentCount}
                </span>
                <strong>{formatMoney(r.amount)}</strong>
              </div>
              <div className="small text-break">{r.customerName}</div>
              <div className="small">
                Vence {isoToBr(r.dueDate)} · {paymentMethodLabel(r.method)}
              </div>
              <div className="money-line mt-1">
                <StatusBadge row={r} />
                {cols.at(-1)!.cell(r)}
              </div>
            </li>
          ))}
          {list.data && list.data.data.length === 0 && (
            <li className="text-center text-body-secondary py-4">Nenhuma parcela</li>
          )}
        </ul>
        <PaginationBar meta={meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
      <ReceiveModal
        show={!!receiving}
        title={
          receiving
            ? `Receber a parcela ${receiving.installmentNumber}/${receiving.installmentCount} da OS ${receiving.invoiceNumber}`
            : ''
        }
        onReceive={(body) => receive.mutateAsync({ id: receiving!.id, ...body })}
        onHide={() => setReceiving(null)}
      >
        {receiving &&
          `${receiving.customerName}: ${formatMoney(receiving.amount)} por ${paymentMethodLabel(receiving.method)}, vencimento ${isoToBr(receiving.dueDate)}.`}
      </ReceiveModal>
    </>
  );
}
