import {
  addEstimateEquipmentBody,
  addEstimateProductBody,
  addEstimateServiceBody,
  estimateMessages,
  type EstimateDetail,
} from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { lineNames, type AddLineKind, type AddLineModalProps } from '../../../components/lines/add-line-modal.tsx';
import {
  equipmentColumns,
  groupedColumn,
  itemNumberColumn,
  nameColumn,
  priceColumns,
  quantityColumn,
} from '../../../components/lines/line-columns.tsx';
import {
  EquipmentLinesSection,
  LinesSection,
  pricedSections,
  type EquipmentRegistering,
} from '../../../components/lines/lines-section.tsx';
import type { Removal } from '../../../components/use-removal.ts';
import { useAddLine, type AddEstimateLineBody, type EstimateLineKind } from '../api/add-line.ts';
import { useEditLine } from '../api/edit-line.ts';
import { estimatePath } from '../api/estimate-keys.ts';
import { useRemoveLine } from '../api/remove-line.ts';
import { searchLineOptions } from '../api/search-line-options.ts';

/** Each kind as the estimate adds it: services and products 'Agrupado', services with a description. */
const kinds: { [K in EstimateLineKind]: AddLineKind<AddEstimateLineBody<K>> } = {
  services: { name: 'services', schema: addEstimateServiceBody, grouped: true, descriptionRows: 2 },
  products: { name: 'products', schema: addEstimateProductBody, grouped: true },
  equipments: { name: 'equipments', schema: addEstimateEquipmentBody },
};

const removeNames = { services: 'serviço', products: 'produto', equipments: 'equipamento' } as const;

/** The add modal of a kind: the estimate's picker (GET …/available) and POST. */
function useAdding<K extends EstimateLineKind>(
  estimateId: number,
  kind: K,
): Omit<AddLineModalProps<AddEstimateLineBody<K>>, 'show' | 'onHide'> {
  const orgPath = useOrgPath();
  const add = useAddLine(estimateId);
  return {
    kind: kinds[kind],
    draftKey: ['estimate', estimateId, 'line', kind],
    optionsKey: ['estimate', orgPath, estimateId, kind, 'available'],
    loadOptions: (q) => searchLineOptions(estimatePath(orgPath, estimateId), kind, q),
    onAdd: (body) => add.mutateAsync({ kind, body }),
  };
}

/** Removal with the dialog's own question; a refusal shows the server's words, else the kind's text. */
function useLineRemoval(estimateId: number, kind: EstimateLineKind): Removal<{ id: number }> {
  const remove = useRemoveLine(estimateId);
  return {
    question: () => ({}),
    run: (line) => remove.mutateAsync({ kind, lineId: line.id }),
    removed: 'Item removido do orçamento',
    failed: (err) => toastApiError(err, estimateMessages.removeFailed(removeNames[kind])),
  };
}

interface SectionProps {
  estimate: EstimateDetail;
  /** Add, edit and remove (Draft and Wip). */
  editable: boolean;
}

/**
 * Services or products: #, name (services with their description), quantity, agrupado, unit price
 * and line total (quantity × price); the last two leave a phone's card to the total.
 */
function PricedSection({
  estimate,
  editable,
  kind,
  showPrices,
}: SectionProps & { kind: 'services' | 'products'; showPrices: boolean }) {
  const save = useEditLine(estimate.id);
  const lines: Array<EstimateDetail['estimateServices'][number] | EstimateDetail['estimateProducts'][number]> =
    kind === 'services' ? estimate.estimateServices : estimate.estimateProducts;
  return (
    <LinesSection
      add={useAdding(estimate.id, kind)}
      lines={lines}
      columns={[
        itemNumberColumn(),
        nameColumn(lineNames[kind].label),
        quantityColumn(),
        groupedColumn(),
        ...(showPrices ? priceColumns('Valor unit.', { foldPrice: true }) : []),
      ]}
      editable={editable}
      removal={useLineRemoval(estimate.id, kind)}
      // Without prices there is nothing of a line to change here but what the order screen changes.
      onSave={showPrices ? (lineId, body) => save.mutateAsync({ kind, lineId, body }) : undefined}
    />
  );
}

export const { ServicesSection, ProductsSection } = pricedSections<SectionProps & { showPrices: boolean }>(
  PricedSection,
);

/** The customer's equipment quoted for: name and description, brand and model (not on a phone), N/S. */
export function EquipmentsSection({ estimate, editable, canRegister }: SectionProps & EquipmentRegistering) {
  return (
    <EquipmentLinesSection
      add={useAdding(estimate.id, 'equipments')}
      customerId={estimate.customerId}
      canRegister={canRegister}
      lines={estimate.estimateEquipments}
      columns={[nameColumn('Nome'), ...equipmentColumns({ foldOnPhone: true })]}
      editable={editable}
      removal={useLineRemoval(estimate.id, 'equipments')}
    />
  );
}
