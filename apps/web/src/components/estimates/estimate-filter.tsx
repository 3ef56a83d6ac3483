import { Form } from 'react-bootstrap';
import { estimateStatusLabels, estimateStatusList } from '@oficina/contracts';
import { useOrgPath } from '../../lib/auth.tsx';
import { FilterPopover } from '../filter-popover.tsx';
import { SearchableSelect, type Option } from '../searchable-select.tsx';
import { searchCustomers } from '../invoices/api/search-customers.ts';

/** The estimate filter: customer (with its label, so the URL or a reload shows it), statuses, q. */
export interface EstimateListFilter {
  q: string;
  customer: Option | null;
  statuses: number[];
}

/** The badge: customer (1), each selected status, q (1). */
export const estimateFilterCount = (f: EstimateListFilter) =>
  (f.customer ? 1 : 0) + f.statuses.length + (f.q.trim() ? 1 : 0);

interface Props {
  idPrefix: string;
  value: EstimateListFilter;
  onApply(value: EstimateListFilter): void;
  onClear(): void;
  showCustomer: boolean;
}

export function EstimateFilterPopover({ idPrefix, value, onApply, onClear, showCustomer }: Props) {
  const orgPath = useOrgPath();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <FilterPopover
      value={value}
      count={estimateFilterCount(value)}
      onApply={(f) => onApply({ ...f, q: f.q.trim() })}
      onClear={onClear}
    >
      {(draft, setDraft) => (
        <>
          <Form.Group className="mb-3" controlId={id('q')}>
            <Form.Label>Pesquisar</Form.Label>
            <Form.Control
              value={draft.q}
              placeholder="Número, cliente, empresa..."
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </Form.Group>
          {showCustomer && (
            <Form.Group className="mb-3">
              <Form.Label htmlFor={id('customer')}>Cliente</Form.Label>
              <SearchableSelect
                id={id('customer')}
                queryKey={['customers', orgPath, 'search']}
                loadOptions={(q) => searchCustomers(orgPath, q)}
                value={draft.customer}
                onChange={(customer) => setDraft({ ...draft, customer })}
                placeholder="Todos os clientes"
              />
            </Form.Group>
          )}
          <Form.Label as="div">Status</Form.Label>
          {estimateStatusList.map((s) => (
            <Form.Check
              key={s}
              id={id(`status-${s}`)}
              label={estimateStatusLabels[s]}
              checked={draft.statuses.includes(s)}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  statuses: e.target.checked ? [...draft.statuses, s] : draft.statuses.filter((v) => v !== s),
                })
              }
            />
          ))}
        </>
      )}
    </FilterPopover>
  );
}
