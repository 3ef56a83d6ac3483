import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import type { ContractOverdueRow } from '@ordem-certa/contracts';
import { formatIsoDate, formatMoney } from '../../../lib/format.ts';
import type { Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable, useListFilter } from '../../../components/paged-table.tsx';
import { useOverdue } from '../api/get-overdue.ts';

const late = (days: number) => (days === 1 ? '1 dia' : `${days} dias`);

const columns: Column<ContractOverdueRow>[] = [
  {
    header: 'Cliente',
    cell: (r) => (
      <>
        <Link to={`/contracts/${r.contractId}`}>{r.customerName}</Link>
        <div className="small text-body-secondary">Contrato nº {r.contractId}</div>
      </>
    ),
  },
  {
    header: 'OS',
    cell: (r) => <Link to={`/invoices/${r.invoiceId}/edit`}>{r.invoiceNumber}</Link>,
    className: 'text-nowrap d-none d-md-table-cell',
  },
  { header: 'Vencimento', cell: (r) => formatIsoDate(r.dueDate), className: 'text-nowrap d-none d-md-table-cell' },
  {
    header: 'Atraso',
    cell: (r) => (
      <>
        <Badge bg="danger">{late(r.daysLate)}</Badge>
        {r.holdsVisits && <div className="small text-danger">Visitas seguradas</div>}
      </>
    ),
    className: 'text-nowrap',
  },
  { header: 'Valor', cell: (r) => formatMoney(r.amount), className: 'text-end text-nowrap' },
];

/**
 * /contracts/overdue 'Contratos em atraso': every charge of a contract past its due date and not
 * received, oldest first, with its total and sum; a late one that holds the plans' visits says so.
 */
export function OverduePage() {
  const { filter, onPage, search } = useListFilter('contracts-overdue');
  const list = useOverdue({ q: filter.q, skip: filter.skip, take: filter.take });
  const meta = list.data?.meta;
  return (
    <>
      <PageHeader
        title="Contratos em atraso"
        actions={
          <Link to="/contracts" className="btn btn-outline-secondary">
            Todos os contratos
          </Link>
        }
      />
      {meta && (
        <div className="receivables-summary mb-2" data-testid="overdue-summary">
          <span>
            {meta.total} {meta.total === 1 ? 'cobrança vencida' : 'cobranças vencidas'}
          </span>
          <span>
            Total: <strong>{formatMoney(meta.sum)}</strong>
          </span>
        </div>
      )}
      <div className="card-list">
        <PagedTable
          columns={columns}
          list={list}
          rowKey={(r) => r.receivableId}
          emptyText="Nenhuma cobrança de contrato em atraso"
          onPage={onPage}
          search={search}
        />
      </div>
    </>
  );
}
