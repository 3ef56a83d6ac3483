import { useState } from 'react';
import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import type { Equipment } from '@ordem-certa/contracts';
import { formatDate } from '../../../lib/format.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useEquipmentHistory } from '../api/get-equipment-history.ts';

/** Every order the equipment was on, newest first: when, who, the checklists' progress, the photos. */
export function EquipmentHistoryModal({
  customerId,
  equipment,
  onHide,
}: {
  customerId: number;
  equipment: Equipment | null;
  onHide(): void;
}) {
  const [page, setPage] = useState({ skip: 0, take: 10 });
  const history = useEquipmentHistory(customerId, equipment?.id ?? null, page);
  const rows = history.data?.data ?? [];
  return (
    <AppModal show={!!equipment} onHide={onHide} title={`Histórico · ${equipment?.name ?? ''}`} size="lg">
      <QueryState isPending={history.isPending} error={history.error}>
        {rows.length === 0 && (
          <p className="text-body-secondary mb-0">Este equipamento ainda não esteve em nenhuma ordem de serviço.</p>
        )}
        <ol className="list-unstyled d-grid gap-2 mb-2" data-testid="equipment-history">
          {rows.map((r) => (
            <li key={r.invoiceId} className="border rounded p-2">
              <div className="d-flex flex-wrap justify-content-between gap-2">
                <Link to={`/invoices/${r.invoiceId}/edit`} className="fw-semibold">
                  OS {r.number}
                </Link>
                <Badge bg={r.state === 20 ? 'success' : 'secondary'}>{r.statusLabel}</Badge>
              </div>
              <div className="small text-body-secondary">
                Aberta em {formatDate(r.createdAt)}
                {r.scheduledAt && ` · visita ${formatDate(r.scheduledAt)}`}
                {r.finishedAt && ` · concluída em ${formatDate(r.finishedAt)}`}
              </div>
              {r.workers.length > 0 && <div className="small">Técnicos: {r.workers.join(', ')}</div>}
              <div className="small">
                {r.checklists.map((c) => `${c.name}: ${c.answered} de ${c.total} itens`).join(' · ') || 'Sem checklist'}
                {' · '}
                {r.pictures === 1 ? '1 foto' : `${r.pictures} fotos`}
              </div>
            </li>
          ))}
        </ol>
        {history.data && history.data.meta.total > history.data.meta.take && (
          <PaginationBar meta={history.data.meta} onChange={setPage} />
        )}
      </QueryState>
    </AppModal>
  );
}
