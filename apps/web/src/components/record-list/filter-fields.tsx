import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useOrgPath } from '../../lib/auth.tsx';
import { FilterPopover } from '../filter-popover.tsx';
import { searchCustomers } from '../invoices/api/search-customers.ts';
import { SearchableSelect, type Option } from '../searchable-select.tsx';

/** A list filter's 'Pesquisar' text. */
export function SearchField({
  id,
  value,
  onChange,
  placeholder = 'Número, cliente, empresa...',
}: {
  id: string;
  value: string | undefined;
  onChange(q: string): void;
  placeholder?: string;
}) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Pesquisar</Form.Label>
      <Form.Control value={value ?? ''} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </Form.Group>
  );
}

/** A list filter's 'Cliente', searched on the server; empty is every customer. */
export function CustomerField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Option | null;
  onChange(customer: Option | null): void;
}) {
  const orgPath = useOrgPath();
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>Cliente</Form.Label>
      <SearchableSelect
        id={id}
        queryKey={['customers', orgPath, 'search']}
        loadOptions={(q) => searchCustomers(orgPath, q)}
        value={value}
        onChange={onChange}
        placeholder="Todos os clientes"
      />
    </Form.Group>
  );
}

/** Checkboxes over a list of options: the chosen ids, in the order they were checked. */
export function ChecksField({
  idPrefix,
  options,
  value,
  onChange,
}: {
  idPrefix: string;
  options: ReadonlyArray<{ id: number; label: string }>;
  value: number[];
  onChange(ids: number[]): void;
}) {
  return (
    <>
      {options.map((o) => (
        <Form.Check
          key={o.id}
          id={`${idPrefix}-${o.id}`}
          label={o.label}
          checked={value.includes(o.id)}
          onChange={(e) => onChange(e.target.checked ? [...value, o.id] : value.filter((v) => v !== o.id))}
        />
      ))}
    </>
  );
}

/** What every record list filters by: the text searched and the customer. */
interface RecordFilter {
  q?: string;
  customer: Option | null;
}

interface RecordFilterPopoverProps<F extends RecordFilter> {
  /** Prefix of the field ids: two filters can be on one page in tests. */
  idPrefix: string;
  value: F;
  /** The badge: how many filters are applied. */
  count: number;
  /** Gets the filter with the search text trimmed. */
  onApply(value: F): void;
  onClear(): void;
  /** Customer search needs the admin customers list; a customer's own tab fixes it. */
  showCustomer: boolean;
  /** The kind's own fields, after 'Pesquisar' and 'Cliente'; `id` makes their ids. */
  children(draft: F, setDraft: (next: F) => void, id: (name: string) => string): ReactNode;
}

/** An order or estimate list's 'Filtros': 'Pesquisar', 'Cliente', then the kind's own fields. */
export function RecordFilterPopover<F extends RecordFilter>(props: RecordFilterPopoverProps<F>) {
  const { idPrefix, value, count, onApply, onClear, showCustomer, children } = props;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <FilterPopover
      value={value}
      count={count}
      onApply={(f) => onApply({ ...f, q: f.q?.trim() ?? '' })}
      onClear={onClear}
    >
      {(draft, setDraft) => (
        <>
          <SearchField id={id('q')} value={draft.q} onChange={(q) => setDraft({ ...draft, q })} />
          {showCustomer && (
            <CustomerField
              id={id('customer')}
              value={draft.customer}
              onChange={(customer) => setDraft({ ...draft, customer })}
            />
          )}
          {children(draft, setDraft, id)}
        </>
      )}
    </FilterPopover>
  );
}
