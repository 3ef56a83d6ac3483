import { Badge, Button, Form, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { can, messages, nfseStatusLabels, type NfseListRow, type NfseStatusValue } from '@ordem-certa/contracts';
import type { Column } from '../../../components/data-table.tsx';
import { TableOrCards } from '../../../components/table-or-cards.tsx';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusTabs } from '../../../components/status-tabs.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useExportNfseMonth } from '../../../components/nfse/api/export-nfse-month.ts';
import { reportedGlobally } from '../../../lib/api-client.ts';
import { useViewer } from '../../../lib/auth.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { todayIso } from '../../../lib/time-zone.ts';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';
import { useNfseList } from '../api/get-nfse-list.ts';
import { useExportNfseCsv } from '../api/export-nfse-csv.ts';
import { AccountantCard } from '../components/accountant-card.tsx';

interface NfseFilter extends BaseFilter {
  status: '' | NfseStatusValue;
  month: string;
  number: string;
}
const defaults: NfseFilter = { ...baseFilterDefaults, status: '', month: todayIso().slice(0, 7), number: '' };

const statusVariant: Record<NfseStatusValue, string> = {
  processing: 'info',
  issued: 'success',
  rejected: 'danger',
  canceled: 'secondary',
  substituted: 'secondary',
};
const statusTabs: Array<['' | NfseStatusValue, string]> = [
  ['', 'Todas'],
  ['issued', 'Emitidas'],
  ['processing', 'Em processamento'],
  ['rejected', 'Rejeitadas'],
  ['canceled', 'Canceladas'],
  ['substituted', 'Substituídas'],
];

const monthLabel = (month: string) => (month ? `${month.slice(5)}/${month.slice(0, 4)}` : 'todos os meses');

function StatusBadge({ row }: { row: NfseListRow }) {
  return (
    <Badge bg={statusVariant[row.status]} text={row.status === 'processing' ? 'dark' : undefined}>
      {nfseStatusLabels[row.status]}
    </Badge>
  );
}

const columns: Column<NfseListRow>[] = [
  { header: 'Data', cell: (r) => formatDateTime(r.at), className: 'text-nowrap' },
  {
    header: 'NFS-e',
    cell: (r) => (
      <>
        {r.number ?? '—'}
        {r.replacesNumber && <div className="small text-body-secondary">substitui {r.replacesNumber}</div>}
      </>
    ),
    className: 'text-nowrap',
  },
  { header: 'OS', cell: (r) => <Link to={`/invoices/${r.invoiceId}/edit`}>{r.invoiceNumber}</Link> },
  { header: 'Tomador', cell: (r) => r.customerName },
  { header: 'Serviços', cell: (r) => formatMoney(r.service), className: 'text-end text-nowrap' },
  {
    header: 'ISS',
    cell: (r) => (r.iss === null ? '—' : `${formatMoney(r.iss)}${r.issWithheld ? ' (retido)' : ''}`),
    className: 'text-end text-nowrap',
  },
  { header: 'Retenções', cell: (r) => formatMoney(r.withheld), className: 'text-end text-nowrap' },
  { header: 'Líquido', cell: (r) => formatMoney(r.net), className: 'text-end text-nowrap' },
  { header: 'Situação', cell: (r) => <StatusBadge row={r} /> },
];

/**
 * /nfse 'Notas fiscais' (finance): every NFS-e with its status, filtered by month (of issue), customer
 * and number, paged on the server with the totals of the standing ones (services, ISS, withholdings,
 * net); the CSV of the filter, the month's XML as a ZIP, and the accountant who gets it by itself.
 */
export function NfsePage() {
  const viewer = useViewer();
  const [filter, setFilter, reset] = usePersistedFilter('nfse-list', defaults);
  const filters = {
    status: filter.status || undefined,
    month: filter.month || undefined,
    customer: filter.q || undefined,
    number: filter.number || undefined,
  };
  const list = useNfseList({ ...filters, skip: filter.skip, take: filter.take });
  const exportCsv = useExportNfseCsv();
  const exportMonth = useExportNfseMonth();
  const count = (filter.q ? 1 : 0) + (filter.number ? 1 : 0) + (filter.month !== defaults.month ? 1 : 0);
  const meta = list.data?.meta;

  const download = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      if (!reportedGlobally(err)) toast.error(messages.requestFailed);
    }
  };

  return (
    <>
      <PageHeader
        title="Notas fiscais"
        actions={
          <>
            <Button
              variant="outline-primary"
              onClick={() => download(() => exportCsv.mutateAsync(filters))}
              disabled={exportCsv.isPending}
            >
              {exportCsv.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
              Exportar CSV
            </Button>
            <Button
              variant="outline-primary"
              onClick={() => download(() => exportMonth.mutateAsync(filter.month || todayIso().slice(0, 7)))}
              disabled={exportMonth.isPending}
            >
              XML do mês (ZIP)
            </Button>
            <FilterPopover<NfseFilter>
              value={filter}
              count={count}
              onApply={(next) => setFilter({ ...next, skip: 0 })}
              onClear={reset}
            >
              {(draft, setDraft) => (
                <>
                  <Form.Group className="mb-3" controlId="nfse-filter-month">
                    <Form.Label>Mês</Form.Label>
                    <Form.Control
                      type="month"
                      value={draft.month}
                      onChange={(e) => setDraft({ ...draft, month: e.target.value })}
                    />
                  </Form.Group>
                  <Form.Group className="mb-3" controlId="nfse-filter-q">
                    <Form.Label>Cliente</Form.Label>
                    <Form.Control
                      value={draft.q ?? ''}
                      placeholder="Nome, CPF/CNPJ ou e-mail"
                      onChange={(e) => setDraft({ ...draft, q: e.target.value })}
                    />
                  </Form.Group>
                  <Form.Group controlId="nfse-filter-number">
                    <Form.Label>Número da NFS-e ou da OS</Form.Label>
                    <Form.Control
                      inputMode="numeric"
                      value={draft.number}
                      onChange={(e) => setDraft({ ...draft, number: e.target.value.replace(/\D/g, '') })}
                    />
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
          className="flex-wrap"
        />
        <span className="small text-body-secondary">{monthLabel(filter.month)}</span>
      </div>
      {meta && (
        <div className="nfse-totals mb-2" data-testid="nfse-totals">
          <span>
            {meta.total} {meta.total === 1 ? 'nota' : 'notas'} · {meta.totals.issued} válidas
          </span>
          <span>
            Serviços <strong>{formatMoney(meta.totals.service)}</strong>
          </span>
          <span>
            ISS <strong>{formatMoney(meta.totals.iss)}</strong>
          </span>
          <span>
            Retenções <strong>{formatMoney(meta.totals.withheld)}</strong>
          </span>
          <span>
            Líquido <strong>{formatMoney(meta.totals.net)}</strong>
          </span>
        </div>
      )}
      <div className="card-list">
        {/* On a phone each note is a card: nine columns do not fit 375 px. */}
        <TableOrCards
          columns={columns}
          rows={list.data?.data}
          rowKey={(r) => r.id}
          isLoading={list.isPending}
          emptyText="Nenhuma NFS-e"
          label="Notas fiscais"
          renderCard={(r) => (
            <>
              <div className="money-line">
                <span>
                  NFS-e {r.number ?? '—'} · <Link to={`/invoices/${r.invoiceId}/edit`}>OS {r.invoiceNumber}</Link>
                </span>
                <strong>{formatMoney(r.net)}</strong>
              </div>
              <div className="small text-break">{r.customerName}</div>
              <div className="small">
                {formatDateTime(r.at)} · serviços {formatMoney(r.service)}
                {r.withheld > 0 ? ` · retido ${formatMoney(r.withheld)}` : ''}
              </div>
              <div className="mt-1">
                <StatusBadge row={r} />
              </div>
            </>
          )}
        />
        <PaginationBar meta={meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
      {/* Who gets the month's files is the fiscal setup's, not every reader's. */}
      {can(viewer, 'nfse.configure') && <AccountantCard />}
    </>
  );
}
