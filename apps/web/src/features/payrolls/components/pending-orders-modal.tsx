import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_TAKE, type PendingOrder } from '@ordem-certa/contracts';
import { formatDate } from '../../../lib/format.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { listControls, PagedTable } from '../../../components/paged-table.tsx';
import { invoiceEditPath } from '../../../components/invoices/invoice-table.tsx';
import { usePendingOrders } from '../api/get-pending-orders.ts';

const columns: Column<PendingOrder>[] = [
  {
    header: 'OS',
    cell: (r) => (
      <Link to={invoiceEditPath(r.invoiceId)} target="_blank" rel="noopener">
        {r.invoiceNumber}
      </Link>
    ),
  },
  { header: 'Empresa', cell: (r) => r.companyName },
  { header: 'Cliente', cell: (r) => r.customerName },
  { header: 'Concluída em', cell: (r) => formatDate(r.finishedAt) },
  { header: 'Colaboradores sem folha', cell: (r) => r.workers.join(', ') },
];

/** 'Verificar pendências': completed orders with unpaid workers that no payroll holds yet, oldest first. */
export function PendingOrdersModal({ show, onHide }: { show: boolean; onHide(): void }) {
  const [query, setQuery] = useState({ q: '', skip: 0, take: DEFAULT_TAKE });
  const list = usePendingOrders(query, show);
  return (
    <AppModal show={show} onHide={onHide} title="Pendências da folha" size="xl">
      <p className="text-body-secondary">
        Ordens de serviço concluídas com colaboradores ainda não pagos e fora de qualquer folha.
      </p>
      <PagedTable
        columns={columns}
        list={list}
        rowKey={(r) => r.invoiceId}
        emptyText="Nenhuma pendência"
        {...listControls(query, setQuery)}
      />
    </AppModal>
  );
}
