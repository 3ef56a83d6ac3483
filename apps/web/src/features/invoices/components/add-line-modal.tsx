import type { ReactNode } from 'react';
import { addEquipmentBody, addProductBody, addServiceBody, addWorkerBody } from '@oficina/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { AddLineModal as LineModal, type AddLineKind } from '../../../components/lines/add-line-modal.tsx';
import { useAddLine, type AddLineBody } from '../api/add-line.ts';
import { invoiceKey } from '../api/invoice-keys.ts';
import { searchLineOptions, type LineKind } from '../api/search-line-options.ts';

/** Per kind: the body's field, its schema and the texts. */
const kinds: { [K in LineKind]: AddLineKind<AddLineBody<K>> } = {
  services: {
    field: 'service',
    schema: addServiceBody,
    title: 'Adicionar serviço',
    label: 'Serviço',
    quantity: true,
    descriptionRows: 3,
  },
  products: { field: 'product', schema: addProductBody, title: 'Adicionar produto', label: 'Produto', quantity: true },
  equipments: {
    field: 'equipment',
    schema: addEquipmentBody,
    title: 'Adicionar equipamento',
    label: 'Equipamento',
  },
  workers: { field: 'worker', schema: addWorkerBody, title: 'Adicionar colaborador', label: 'Colaborador' },
};

interface AddLineModalProps<K extends LineKind> {
  invoiceId: number;
  kind: K;
  show: boolean;
  onHide(): void;
  /** Extra content under the picker (the admin's link to register a new equipment). */
  extra?: ReactNode;
}

/** Adds a service (quantity ≥ 1, description), product (quantity), equipment or worker to the order. */
export function AddLineModal<K extends LineKind>({ invoiceId, kind, show, onHide, extra }: AddLineModalProps<K>) {
  const orgPath = useOrgPath();
  const add = useAddLine(invoiceId, kind);
  return (
    <LineModal
      kind={kinds[kind]}
      show={show}
      onHide={onHide}
      draftKey={['invoice', invoiceId, 'line', kind]}
      optionsKey={[...invoiceKey(orgPath, invoiceId), 'options', kind]}
      loadOptions={(q) => searchLineOptions(orgPath, invoiceId, kind, q)}
      onAdd={add.mutateAsync}
      inline
      placeholder="Digite para pesquisar"
      extra={extra}
    />
  );
}
