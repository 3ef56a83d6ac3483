import { Form } from 'react-bootstrap';
import { can, customerMessages, type PartyListItem } from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { Column } from '../../../components/data-table.tsx';
import { partyColumns } from '../../../components/party-columns.tsx';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { RegisterListPage } from '../../../components/register-list-page.tsx';
import { useListFilter } from '../../../components/paged-table.tsx';
import { useCustomers } from '../api/get-customers.ts';
import { useDeleteCustomer } from '../api/delete-customer.ts';
import { removeColumn, useConfirmedRemove } from '../../../components/remove-button.tsx';

const customerColumns = (onDelete: ((c: PartyListItem) => void) | null): Column<PartyListItem>[] => [
  { header: '#', cell: (c) => c.id, className: 'text-body-secondary d-none d-sm-table-cell' },
  ...partyColumns((id) => `/customers/${id}/edit`),
  ...(onDelete ? [removeColumn((c: PartyListItem) => `Remover cliente ${c.name}`, onDelete)] : []),
];

/** /customers: 'Clientes' with the search filter (kept under the key 'customers'), delete and new. */
export function CustomersPage() {
  const { filter, setFilter, reset, onPage } = useListFilter('customers');
  const list = useCustomers({ q: filter.q || undefined, skip: filter.skip, take: filter.take });
  const remove = useDeleteCustomer();
  const viewer = useViewer();
  const onDelete = useConfirmedRemove({
    title: (c: PartyListItem) => `Remover ${c.name}?`,
    remove: (c) => remove.mutateAsync(c.id),
    removed: customerMessages.removed,
    // 409: the server says why (e.g. the customer has service orders).
    failed: (err) =>
      (err instanceof ApiError && err.status === 409 ? err.messages?.join(' ') : undefined) ||
      customerMessages.removeFailed,
  });

  return (
    <RegisterListPage
      title="Clientes"
      newTo={can(viewer, 'customer.create') ? '/customers/new' : undefined}
      actions={
        <FilterPopover
          value={filter}
          count={filter.q ? 1 : 0}
          onApply={(f) => setFilter({ ...f, q: f.q?.trim() ?? '', skip: 0 })}
          onClear={reset}
        >
          {(draft, setDraft) => (
            <Form.Group controlId="customers-q">
              <Form.Label>Pesquisar</Form.Label>
              <Form.Control
                value={draft.q ?? ''}
                placeholder="Nome, CPF/CNPJ ou e-mail"
                onChange={(e) => setDraft({ ...draft, q: e.target.value })}
              />
            </Form.Group>
          )}
        </FilterPopover>
      }
      columns={customerColumns(can(viewer, 'customer.delete') ? onDelete : null)}
      list={list}
      emptyText="Nenhum registro encontrado"
      onPage={onPage}
    />
  );
}
