import { can, formatMoney, type EstimateListRow } from '@ordem-certa/contracts';
import { useViewer } from '../../lib/auth.tsx';
import type { Column } from '../data-table.tsx';
import { recordColumns, RecordTable } from '../record-list/record-columns.tsx';
import { EstimateStatusBadge } from './estimate-status-badge.tsx';

export const estimateEditPath = (id: number) => `/estimates/${id}/edit`;

/**
 * The estimate list columns: #, Data, Empresa (name + identifier), Cliente, Natureza da Op., Status,
 * Etiquetas, and the total. The number's link stretches over the row; on a phone the secondary
 * columns fold away and the total and the status ride under the customer.
 */
const columns = (hideCustomer: boolean, prices: boolean): Column<EstimateListRow>[] => [
  ...recordColumns<EstimateListRow>({
    editPath: estimateEditPath,
    name: 'Orçamento',
    hideCustomer,
    status: (r) => <EstimateStatusBadge status={r.status} />,
    tags: (r) => r.estimateTags,
    underCustomer: prices ? (r) => <div className="d-sm-none text-nowrap">{formatMoney(r.total)}</div> : undefined,
  }),
  ...(prices
    ? [
        {
          header: 'Total',
          className: `${hideCustomer ? '' : 'd-none d-sm-table-cell '}text-end text-nowrap`,
          cell: (r: EstimateListRow) => formatMoney(r.total),
        },
      ]
    : []),
];

interface EstimateTableProps {
  rows: EstimateListRow[] | undefined;
  isLoading: boolean;
  hideCustomer?: boolean;
  emptyText?: string;
}

export function EstimateTable({ rows, isLoading, hideCustomer = false, emptyText }: EstimateTableProps) {
  return (
    <RecordTable
      columns={columns(hideCustomer, can(useViewer(), 'price.see'))}
      rows={rows}
      isLoading={isLoading}
      emptyText={emptyText ?? 'Nenhum orçamento encontrado'}
    />
  );
}
