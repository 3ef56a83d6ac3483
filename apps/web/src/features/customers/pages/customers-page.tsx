import { Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { customerMessages, type PartyListItem } from '@oficina/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { partyColumns } from '../../../components/party-columns.tsx';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { RegisterListPage } from '../../../components/register-list-page.tsx';
import { useListFilter } from '../../../components/paged-table.tsx';
import { useCustomers } from '../api/get-customers.ts';
import { useDeleteCustomer } from '../api/delete-customer.ts';
import { TrashIcon } from '../../../components/icons.tsx';

const customerColumns = (onDelete: (c: PartyListItem) => void): Column<PartyListItem>[] => [
  { header: '#', cell: (c) => c.id, className: 'text-body-secondary d-none d-sm-table-cell' },
  ...partyColumns((id) => `/customers/${id}/edit`),
  {
    header: '',
    className: 'text-end',
    cell: (c) => (
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={`Remover cliente ${c.name}`}
        title="Remover"
        onClick={() => onDelete(c)}
      >
        <TrashIcon />
      </Button>
    ),
  },
];

/** /customers: 'Clientes' with the search filter (kept under the key 'customers'), delete and new. */
export function CustomersPage() {
  const { filter, setFilter, reset, onPage } = useListFilter('customers');
  const list = useCustomers({ q: filter.q || undefined, skip: filter.skip, take: filter.take });
  const remove = useDeleteCustomer();
  const confirm = useConfirm();

  const onDelete = async (c: PartyListItem) => {
    if (!(await confirm({ title: `Remover ${c.name}?`, confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(c.id);
      toast.success(customerMessages.removed);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 0 || err.status >= 500)) return;
      // 409: the server says why (e.g. the customer has service orders).
      const reason = err instanceof ApiError && err.status === 409 ? err.messages?.join(' ') : undefined;
      toast.error(reason || customerMessages.removeFailed);
    }
  };

  return (
    <RegisterListPage
      title="Clientes"
      newTo="/customers/new"
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
      columns={customerColumns(onDelete)}
      list={list}
      emptyText="Nenhum registro encontrado"
      onPage={onPage}
    />
  );
}
