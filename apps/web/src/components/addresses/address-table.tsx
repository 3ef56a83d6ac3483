import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { addressMessages, DEFAULT_TAKE, formatPostalCode, type Address } from '@ordem-certa/contracts';
import type { Column } from '../data-table.tsx';
import { useFormModal } from '../modal-form.tsx';
import { removeColumn, useConfirmedRemove } from '../remove-button.tsx';
import { TabList } from '../tab-list.tsx';
import { AddressModal } from './address-modal.tsx';
import { useAddresses } from './api/get-addresses.ts';
import { useDeleteAddress } from './api/delete-address.ts';

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
  removeColumn((a) => `Remover endereço ${a.address}`, actions.onDelete),
];

interface AddressTableProps {
  /** `/organizations/1/companies/5` or `/organizations/1/customers/7`. */
  ownerPath: string;
  owner: 'company' | 'customer';
}

/** The address section of the company and customer pages (one shared widget): 8 columns and the modal. */
export function AddressTable({ ownerPath, owner }: AddressTableProps) {
  const [page, setPage] = useState({ skip: 0, take: DEFAULT_TAKE });
  const modal = useFormModal();
  const list = useAddresses(ownerPath, page);
  const remove = useDeleteAddress(ownerPath);
  const onDelete = useConfirmedRemove({
    title: () => 'Remover endereço?',
    remove: (a: Address) => remove.mutateAsync(a.id),
    removed: addressMessages.removed,
    failed: () => addressMessages.removeFailed(owner),
  });

  return (
    <TabList
      label="Endereços"
      addLabel="Adicionar endereço"
      onAdd={() => modal.open(null)}
      columns={addressColumns({ onEdit: (a) => modal.open(a.id), onDelete })}
      list={list}
      onPage={setPage}
    >
      <AddressModal ownerPath={ownerPath} addressId={modal.recordId} show={modal.show} onHide={modal.hide} />
    </TabList>
  );
}
