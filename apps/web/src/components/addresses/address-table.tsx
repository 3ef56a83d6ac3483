import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { addressMessages, DEFAULT_TAKE, formatPostalCode, type Address } from '@oficina/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { useConfirm } from '../confirm-dialog.tsx';
import { DataTable, type Column } from '../data-table.tsx';
import { PaginationBar } from '../pagination-bar.tsx';
import { AddressModal } from './address-modal.tsx';
import { useAddresses } from './api/get-addresses.ts';
import { useDeleteAddress } from './api/delete-address.ts';
import { TrashIcon } from '../icons.tsx';

const addressColumns = (actions: { onEdit(a: Address): void; onDelete(a: Address): void }): Column<Address>[] => [
  {
    header: 'Endereço',
    cell: (a) => (
      <Button variant="link" className="p-0 text-start" onClick={() => actions.onEdit(a)}>
        {a.address}
      </Button>
    ),
  },
  { header: 'Número', cell: (a) => (a.number === null ? 'S/N' : a.number) },
  { header: 'Complemento', cell: (a) => a.complement, className: 'd-none d-md-table-cell' },
  { header: 'Bairro', cell: (a) => a.neighborhood, className: 'd-none d-lg-table-cell' },
  { header: 'Cidade', cell: (a) => a.city },
  { header: 'UF', cell: (a) => a.state },
  { header: 'CEP', cell: (a) => formatPostalCode(a.postalCode), className: 'text-nowrap d-none d-sm-table-cell' },
  {
    header: '',
    className: 'text-end',
    cell: (a) => (
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={`Remover endereço ${a.address}`}
        title="Remover"
        onClick={() => actions.onDelete(a)}
      >
        <TrashIcon />
      </Button>
    ),
  },
];

interface AddressTableProps {
  /** `/organizations/1/companies/5` or `/organizations/1/customers/7`. */
  ownerPath: string;
  owner: 'company' | 'customer';
}

/** The address section of the company and customer pages (one shared widget): 8 columns and the modal. */
export function AddressTable({ ownerPath, owner }: AddressTableProps) {
  const [page, setPage] = useState({ skip: 0, take: DEFAULT_TAKE });
  // Kept after closing so the title does not flip during the closing animation.
  const [modal, setModal] = useState<{ addressId: number | null; show: boolean }>({ addressId: null, show: false });
  const list = useAddresses(ownerPath, page);
  const remove = useDeleteAddress(ownerPath);
  const confirm = useConfirm();

  const onDelete = async (a: Address) => {
    if (!(await confirm({ title: 'Remover endereço?', confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(a.id);
      toast.success(addressMessages.removed);
    } catch (err) {
      // Connection and server errors already raised their alert.
      if (err instanceof ApiError && (err.status === 0 || err.status >= 500)) return;
      toast.error(addressMessages.removeFailed(owner));
    }
  };

  const columns = addressColumns({ onEdit: (a) => setModal({ addressId: a.id, show: true }), onDelete });

  return (
    <section aria-label="Endereços">
      <div className="d-flex justify-content-end mb-2">
        <Button onClick={() => setModal({ addressId: null, show: true })}>Adicionar endereço</Button>
      </div>
      <div className="card-list">
        <DataTable columns={columns} rows={list.data?.data} rowKey={(a) => a.id} isLoading={list.isPending} />
      </div>
      {list.data && list.data.meta.total > list.data.meta.take && (
        <PaginationBar meta={list.data.meta} onChange={setPage} />
      )}
      <AddressModal
        ownerPath={ownerPath}
        addressId={modal.addressId}
        show={modal.show}
        onHide={() => setModal((m) => ({ ...m, show: false }))}
      />
    </section>
  );
}
