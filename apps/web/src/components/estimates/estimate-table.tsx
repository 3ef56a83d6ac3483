import { Link } from 'react-router';
import { formatIdentifier, formatMoney, type EstimateListRow } from '@oficina/contracts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { DataTable, type Column } from '../data-table.tsx';
import { TagBadge } from '../tag-badge.tsx';
import { EstimateStatusBadge } from './estimate-status-badge.tsx';

export const estimateEditPath = (id: number) => `/estimates/${id}/edit`;

/**
 * The estimate list columns: #, Data, Empresa (name + identifier), Cliente, Natureza da Op., Status,
 * Etiquetas, and the total. The number's link stretches over the row; on a phone the secondary
 * columns fold away and the status rides under the customer.
 */
const columns = (hideCustomer: boolean): Column<EstimateListRow>[] => [
  {
    header: '#',
    className: 'text-nowrap fw-semibold',
    cell: (r) => (
      <Link to={estimateEditPath(r.id)} className="stretched-link" aria-label={`Orçamento ${r.number}`}>
        {r.number}
      </Link>
    ),
  },
  {
    header: 'Data',
    className: 'text-nowrap small',
    cell: (r) => (
      <>
        {formatDate(r.createdAt)}
        <div className="text-body-secondary">{formatTime(r.createdAt)}</div>
      </>
    ),
  },
  {
    header: 'Empresa',
    className: 'd-none d-md-table-cell',
    cell: (r) => (
      <>
        {r.companyName}
        <div className="small text-body-secondary text-nowrap">
          {formatIdentifier(r.companyIdentifier, r.companyType)}
        </div>
      </>
    ),
  },
  ...(hideCustomer
    ? []
    : [
        {
          header: 'Cliente',
          cell: (r: EstimateListRow) => (
            <>
              {r.customerName}
              <div className="d-sm-none mt-1">
                <EstimateStatusBadge status={r.status} />
              </div>
            </>
          ),
        },
      ]),
  { header: 'Natureza da Op.', className: 'd-none d-lg-table-cell', cell: (r) => r.transactionNatureName },
  {
    header: 'Status',
    className: hideCustomer ? undefined : 'd-none d-sm-table-cell',
    cell: (r) => <EstimateStatusBadge status={r.status} />,
  },
  {
    header: 'Etiquetas',
    className: 'd-none d-sm-table-cell',
    cell: (r) => (
      <div className="d-flex flex-wrap gap-1">
        {r.estimateTags.map((t) => (
          <TagBadge key={t.tagId} name={t.name} color={t.color} />
        ))}
      </div>
    ),
  },
  { header: 'Total', className: 'text-end text-nowrap', cell: (r) => formatMoney(r.total) },
];

interface EstimateTableProps {
  rows: EstimateListRow[] | undefined;
  isLoading: boolean;
  hideCustomer?: boolean;
  emptyText?: string;
}

export function EstimateTable({ rows, isLoading, hideCustomer = false, emptyText }: EstimateTableProps) {
  return (
    <div className="invoice-table">
      <DataTable
        columns={columns(hideCustomer)}
        rows={rows}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        emptyText={emptyText ?? 'Nenhum orçamento encontrado'}
      />
    </div>
  );
}
