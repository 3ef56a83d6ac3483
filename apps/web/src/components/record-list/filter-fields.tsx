import { Form } from 'react-bootstrap';
import { useOrgPath } from '../../lib/auth.tsx';
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
