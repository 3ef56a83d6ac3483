import { addEstimateEquipmentBody, addEstimateProductBody, addEstimateServiceBody } from '@oficina/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { AddLineModal as LineModal, type AddLineKind } from '../../../components/lines/add-line-modal.tsx';
import { useAddLine, type AddEstimateLineBody, type EstimateLineKind } from '../api/add-line.ts';
import { estimatePath } from '../api/estimate-keys.ts';
import { searchLineOptions } from '../api/search-line-options.ts';

const kinds: { [K in EstimateLineKind]: AddLineKind<AddEstimateLineBody> } = {
  services: {
    field: 'service',
    schema: addEstimateServiceBody,
    title: 'Adicionar serviço',
    label: 'Serviço',
    quantity: true,
    grouped: true,
    descriptionRows: 2,
  },
  products: {
    field: 'product',
    schema: addEstimateProductBody,
    title: 'Adicionar produto',
    label: 'Produto',
    quantity: true,
    grouped: true,
  },
  equipments: {
    field: 'equipment',
    schema: addEstimateEquipmentBody,
    title: 'Adicionar equipamento',
    label: 'Equipamento',
  },
};

/** Adds a service (quantity, agrupado, description), a product (quantity, agrupado) or an equipment. */
export function AddLineModal(props: { estimateId: number; kind: EstimateLineKind; show: boolean; onHide(): void }) {
  const { estimateId, kind, show, onHide } = props;
  const orgPath = useOrgPath();
  const add = useAddLine(estimateId);
  return (
    <LineModal
      kind={kinds[kind]}
      show={show}
      onHide={onHide}
      draftKey={['estimate', estimateId, 'line', kind]}
      optionsKey={['estimate', orgPath, estimateId, kind, 'available']}
      loadOptions={(q) => searchLineOptions(estimatePath(orgPath, estimateId), kind, q)}
      onAdd={(body) => add.mutateAsync({ kind, body })}
    />
  );
}
