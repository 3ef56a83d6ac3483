import { Badge, Button, Form, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  can,
  contractStatusLabels,
  frequencyLabels,
  maintenanceFrequencies,
  messages,
  type ContractListItem,
  type ContractStatus,
  type MaintenanceFrequency,
} from '@ordem-certa/contracts';
import { formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { useViewer } from '../../../lib/auth.tsx';
import { reportedGlobally } from '../../../lib/api-client.ts';
import type { Column } from '../../../components/data-table.tsx';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { listControls, PagedTable } from '../../../components/paged-table.tsx';
import { StatusTabs } from '../../../components/status-tabs.tsx';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';
import { useContracts } from '../api/get-contracts.ts';
import { useExportContractsCsv } from '../api/export-contracts-csv.ts';

interface ContractsFilter extends BaseFilter {
  status: '' | ContractStatus;
  periodicity: '' | MaintenanceFrequency;
}
const defaults: ContractsFilter = { ...baseFilterDefaults, status: 'ativo', periodicity: '' };

const statusVariant: Record<ContractStatus, string> = { ativo: 'success', suspenso: 'warning', encerrado: 'secondary' };
const statusTabs: Array<['' | ContractStatus, string]> = [
  ['ativo', 'Ativos'],
  ['suspenso', 'Suspensos'],
  ['encerrado', 'Encerrados'],
  ['', 'Todos'],
];

const columns: Column<ContractListItem>[] = [
  { header: 'Nº', cell: (c) => <Link to={`/contracts/${c.id}`}>{c.id}</Link>, className: 'col-id' },
  {
    header: 'Cliente',
    cell: (c) => (
      <>
        <Link to={`/contracts/${c.id}`}>{c.customerName}</Link>
        {/* On a phone the amount goes under the customer: the row holds the customer and the next charge. */}
        <div className="small d-md-none">
          {formatMoney(c.amount)} · {frequencyLabels[c.periodicity].toLowerCase()}
        </div>
      </>
    ),
  },
  { header: 'Empresa', cell: (c) => c.companyName, className: 'd-none d-md-table-cell' },
  { header: 'Valor', cell: (c) => formatMoney(c.amount), className: 'text-end text-nowrap d-none d-md-table-cell' },
  { header: 'Periodicidade', cell: (c) => frequencyLabels[c.periodicity], className: 'd-none d-md-table-cell' },
  {
    header: 'Próxima cobrança',
    cell: (c) => (c.nextBillingDate ? formatIsoDate(c.nextBillingDate) : '—'),
    className: 'text-nowrap',
  },
  {
    header: 'Situação',
    cell: (c) => <Badge bg={statusVariant[c.status]}>{contractStatusLabels[c.status]}</Badge>,
    className: 'd-none d-md-table-cell',
  },
];

/**
 * /contracts 'Contratos': the maintenance contracts by customer — active by default, or suspended,
 * ended, all — searched by customer, company or number, filtered by periodicity, with the monthly
 * recurring revenue of what is shown and the CSV of it.
 */
export function ContractsPage() {
  const [filter, setFilter, reset] = usePersistedFilter('contracts', defaults);
  const { onPage, search } = listControls(filter, setFilter);
  const filters = {
    q: filter.q || undefined,
    status: filter.status || undefined,
    periodicity: filter.periodicity || undefined,
  };
  const list = useContracts({ ...filters, skip: filter.skip, take: filter.take });
  const exportCsv = useExportContractsCsv();
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
        title="Contratos"
        actions={
          <>
            <Link to="/contracts/overdue" className="btn btn-outline-danger">
              Em atraso
            </Link>
            <Button variant="outline-primary" onClick={onExport} disabled={exportCsv.isPending}>
              {exportCsv.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
              Exportar CSV
            </Button>
            <FilterPopover<ContractsFilter>
              value={filter}
              count={filter.periodicity ? 1 : 0}
              onApply={(next) => setFilter({ ...next, skip: 0 })}
              onClear={reset}
            >
              {(draft, setDraft) => (
                <Form.Group controlId="contracts-filter-periodicity">
                  <Form.Label>Periodicidade</Form.Label>
                  <Form.Select
                    value={draft.periodicity}
                    onChange={(e) =>
                      setDraft({ ...draft, periodicity: e.target.value as ContractsFilter['periodicity'] })
                    }
                  >
                    <option value="">Todas</option>
                    {maintenanceFrequencies.map((f) => (
                      <option key={f} value={f}>
                        {frequencyLabels[f]}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              )}
            </FilterPopover>
            {can(useViewer(), 'contract.manage') && (
              <Link to="/contracts/new" className="btn btn-primary">
                Novo contrato
              </Link>
            )}
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
          <div className="receivables-summary" data-testid="contracts-summary">
            <span>
              {meta.total} {meta.total === 1 ? 'contrato' : 'contratos'}
            </span>
            <span>
              Receita recorrente mensal: <strong>{formatMoney(meta.mrr)}</strong>
            </span>
          </div>
        )}
      </div>
      <div className="card-list">
        <PagedTable
          columns={columns}
          list={list}
          rowKey={(c) => c.id}
          emptyText="Nenhum contrato"
          onPage={onPage}
          search={search}
        />
      </div>
    </>
  );
}
