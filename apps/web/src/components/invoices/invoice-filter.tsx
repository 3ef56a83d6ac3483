import { Form } from 'react-bootstrap';
import { can, invoiceListSorts, type InvoiceListSort } from '@ordem-certa/contracts';
import { useAuth, useOrgPath, useViewer } from '../../lib/auth.tsx';
import { baseFilterDefaults, type BaseFilter } from '../../lib/use-persisted-filter.ts';
import { DateInput } from '../date-input.tsx';
import { ChecksField, RecordFilterPopover } from '../record-list/filter-fields.tsx';
import { SearchableSelect, type Option } from '../searchable-select.tsx';
import { useStatusOptions } from './api/get-status-options.ts';
import type { InvoicesQuery } from './api/get-invoices.ts';
import { searchWorkers } from './api/search-workers.ts';

/**
 * The service-order filter: customer, worker, status list, paid / not paid, q. Customer and
 * worker keep their label so a reload shows what is applied without another call.
 */
export interface InvoiceListFilter extends BaseFilter {
  customer: Option | null;
  worker: Option | null;
  status: number[];
  /** States, as a home card's 'Ver todas' asks (not edited in the popover; 'Limpar' drops it). */
  state: number[];
  isPaid: boolean;
  isNotPaid: boolean;
  /** Only orders still to work on: neither Completed nor Canceled, and not paid. */
  open: boolean;
  sort: InvoiceListSort;
  /** Visits on these days ('YYYY-MM-DD', '' for open): the list then shows the scheduled column. */
  scheduledFrom: string;
  scheduledTo: string;
}

export const invoiceFilterDefaults: InvoiceListFilter = {
  ...baseFilterDefaults,
  customer: null,
  worker: null,
  status: [],
  state: [],
  isPaid: false,
  isNotPaid: false,
  open: false,
  sort: 'number',
  scheduledFrom: '',
  scheduledTo: '',
};

/** A technician's list: the visits to make, soonest first; closed and paid orders hidden. */
export const technicianFilterDefaults: InvoiceListFilter = { ...invoiceFilterDefaults, open: true, sort: 'scheduled' };

export function toInvoicesQuery(f: InvoiceListFilter, fixedCustomer?: number): InvoicesQuery {
  return {
    q: f.q?.trim() || undefined,
    skip: f.skip,
    take: f.take,
    customer: fixedCustomer ?? f.customer?.value,
    worker: f.worker?.value,
    status: f.status.length ? f.status : undefined,
    state: f.state.length ? f.state : undefined,
    isPaid: f.isPaid || undefined,
    isNotPaid: f.isNotPaid || undefined,
    open: f.open || undefined,
    sort: f.sort === 'scheduled' ? 'scheduled' : undefined,
    scheduledFrom: f.scheduledFrom || undefined,
    scheduledTo: f.scheduledTo || undefined,
  };
}

/** The badge count: customer, worker, status (all of them as one), each paid flag and q. */
export const invoiceFilterCount = (f: InvoiceListFilter) =>
  (f.customer ? 1 : 0) +
  (f.worker ? 1 : 0) +
  (f.status.length ? 1 : 0) +
  (f.state.length ? 1 : 0) +
  (f.isPaid ? 1 : 0) +
  (f.isNotPaid ? 1 : 0) +
  (f.scheduledFrom || f.scheduledTo ? 1 : 0) +
  (f.q?.trim() ? 1 : 0);

/** The list shows when each visit is when it is sorted or filtered by it. */
export const showsSchedule = (f: InvoiceListFilter) => f.sort === 'scheduled' || !!f.scheduledFrom || !!f.scheduledTo;

/** The sort chosen in the popover's select, if it is one of the list's. */
const sortOf = (value: string) => invoiceListSorts.find((s) => s === value);

interface InvoiceFilterPopoverProps {
  /** Prefix of the field ids: two filters can be on one page in tests. */
  idPrefix: string;
  /** The list's filter as usePersistedFilter keeps it: the value, its setter and 'Limpar'. */
  filter: readonly [InvoiceListFilter, (next: InvoiceListFilter) => void, () => void];
  /** Customer search needs the admin customers list; a customer's own tab fixes it. */
  showCustomer: boolean;
}

/** The order list's 'Filtros'; 'Colaborador' for whoever may filter by worker (a collaborator sees only theirs). */
export function InvoiceFilterPopover({
  idPrefix,
  filter: [value, onApply, onClear],
  showCustomer,
}: InvoiceFilterPopoverProps) {
  const orgPath = useOrgPath();
  const { user } = useAuth();
  const showWorker = can(useViewer(), 'invoice.seeAll');
  const statuses = useStatusOptions();
  return (
    <RecordFilterPopover
      idPrefix={idPrefix}
      value={value}
      count={invoiceFilterCount(value)}
      onApply={(f) => onApply({ ...f, skip: 0 })}
      onClear={onClear}
      showCustomer={showCustomer}
    >
      {(draft, setDraft, id) => (
        <>
          {showWorker && (
            <Form.Group className="mb-3">
              <Form.Label htmlFor={id('worker')}>Colaborador</Form.Label>
              <SearchableSelect
                id={id('worker')}
                queryKey={['workers', orgPath, 'search']}
                loadOptions={(q) => searchWorkers(user?.organizationId ?? 0, q)}
                value={draft.worker}
                onChange={(worker) => setDraft({ ...draft, worker })}
                placeholder="Todos os colaboradores"
              />
            </Form.Group>
          )}
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">Status</legend>
            <div className="filter-status-list">
              <ChecksField
                idPrefix={id('status')}
                options={statuses.data?.data ?? []}
                value={draft.status}
                onChange={(status) => setDraft({ ...draft, status })}
              />
            </div>
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">Visita agendada</legend>
            <div className="d-flex gap-2 align-items-start">
              <Form.Group controlId={id('scheduled-from')} className="flex-fill">
                <Form.Label className="small mb-1">De</Form.Label>
                <DateInput
                  value={draft.scheduledFrom}
                  onChange={(scheduledFrom) => setDraft({ ...draft, scheduledFrom })}
                />
              </Form.Group>
              <Form.Group controlId={id('scheduled-to')} className="flex-fill">
                <Form.Label className="small mb-1">Até</Form.Label>
                <DateInput
                  value={draft.scheduledTo}
                  min={draft.scheduledFrom || undefined}
                  onChange={(scheduledTo) => setDraft({ ...draft, scheduledTo })}
                />
              </Form.Group>
            </div>
          </fieldset>
          <Form.Group className="mb-3" controlId={id('sort')}>
            <Form.Label>Ordenar por</Form.Label>
            <Form.Select
              value={draft.sort}
              onChange={(e) => setDraft({ ...draft, sort: sortOf(e.target.value) ?? draft.sort })}
            >
              <option value="number">Número (mais recentes primeiro)</option>
              <option value="scheduled">Agendamento (mais próximos primeiro)</option>
            </Form.Select>
          </Form.Group>
          <Form.Check
            className="mb-3"
            id={id('open')}
            label="Somente abertas (oculta concluídas, canceladas e pagas)"
            checked={draft.open}
            onChange={(e) => setDraft({ ...draft, open: e.target.checked })}
          />
          <fieldset>
            <legend className="form-label fs-6 mb-1">Pagamento</legend>
            {/* Paid and not paid exclude each other. */}
            <Form.Check
              id={id('paid')}
              label="Pagas"
              checked={draft.isPaid}
              onChange={(e) => setDraft({ ...draft, isPaid: e.target.checked, isNotPaid: false })}
            />
            <Form.Check
              id={id('not-paid')}
              label="Não pagas"
              checked={draft.isNotPaid}
              onChange={(e) => setDraft({ ...draft, isNotPaid: e.target.checked, isPaid: false })}
            />
          </fieldset>
        </>
      )}
    </RecordFilterPopover>
  );
}
