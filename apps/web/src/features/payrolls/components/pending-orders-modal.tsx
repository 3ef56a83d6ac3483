import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_TAKE, type PendingOrder } from '@oficina/contracts';
import { formatDate } from '../../../lib/format.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
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
      <div className="mb-2">
        <SearchBox value={query.q} onChange={(q) => setQuery((f) => ({ ...f, q, skip: 0 }))} />
      </div>
      <DataTable
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.invoiceId}
        isLoading={list.isPending}
        emptyText="Nenhuma pendência"
      />
      <PaginationBar meta={list.data?.meta} onChange={(p) => setQuery((f) => ({ ...f, ...p }))} />
    </AppModal>
  );
}
