import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  estimateMessages,
  formatMoney,
  formatQuantityUnit,
  fromCents,
  lineTotalCents,
  toCents,
  type EstimateDetail,
} from '@oficina/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PencilIcon, TrashIcon } from '../../../components/icons.tsx';
import { EditLineModal, type EditableLine } from '../../../components/lines/edit-line-modal.tsx';
import type { EstimateLineKind } from '../api/add-line.ts';
import { useEditLine } from '../api/edit-line.ts';
import { useRemoveLine } from '../api/remove-line.ts';
import { AddLineModal } from './add-line-modal.tsx';
import { AddButton, SectionCard } from '../../../components/section-card.tsx';

const removeNames = { services: 'serviço', products: 'produto', equipments: 'equipamento' } as const;

function useRemove(estimateId: number, kind: EstimateLineKind) {
  const remove = useRemoveLine(estimateId);
  const confirm = useConfirm();
  return async (lineId: number) => {
    if (!(await confirm())) return;
    try {
      await remove.mutateAsync({ kind, lineId });
      toast.success('Item removido do orçamento');
    } catch (err) {
      toastApiError(err, estimateMessages.removeFailed(removeNames[kind]));
    }
  };
}

function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button size="sm" variant="link" className="text-danger p-0" aria-label={label} onClick={onClick}>
      <TrashIcon />
    </Button>
  );
}

/** Services or products: #, name (description), quantity, agrupado, unit price, line total (quantity × price). */
function PricedSection({
  estimate,
  kind,
  editable,
}: {
  estimate: EstimateDetail;
  kind: 'services' | 'products';
  editable: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<EditableLine | null>(null);
  const remove = useRemove(estimate.id, kind);
  const save = useEditLine(estimate.id);
  const lines: Array<EstimateDetail['estimateServices'][number] | EstimateDetail['estimateProducts'][number]> =
    kind === 'services' ? estimate.estimateServices : estimate.estimateProducts;
  const title = kind === 'services' ? 'Serviços' : 'Produtos';
  return (
    <SectionCard
      title={title}
      action={
        editable && (
          <AddButton
            label={`Adicionar ${kind === 'services' ? 'serviço' : 'produto'}`}
            onClick={() => setAdding(true)}
          />
        )
      }
    >
      {lines.length === 0 ? (
        <p className="text-body-secondary mb-0">Nenhum registro</p>
      ) : (
        <Table responsive size="sm" className="mb-0 align-middle">
          <thead>
            <tr>
              <th>#</th>
              <th>{kind === 'services' ? 'Serviço' : 'Produto'}</th>
              <th className="text-end">Qtd.</th>
              <th className="d-none d-sm-table-cell">Agrupado</th>
              <th className="text-end d-none d-sm-table-cell">Valor unit.</th>
              <th className="text-end">Total</th>
              {editable && <th aria-label="Ações" />}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td>{l.itemNumber}</td>
                <td>
                  {l.name}
                  {'description' in l && l.description && (
                    <div className="small text-body-secondary">{l.description}</div>
                  )}
                </td>
                <td className="text-end text-nowrap">
                  {formatQuantityUnit(l.quantity, 'unit' in l ? l.unit : undefined)}
                </td>
                <td className="d-none d-sm-table-cell">{l.isGrouped ? 'Sim' : 'Não'}</td>
                <td className="text-end d-none d-sm-table-cell text-nowrap">{formatMoney(l.price)}</td>
                <td className="text-end text-nowrap">
                  {formatMoney(fromCents(lineTotalCents(l.quantity, toCents(l.price))))}
                </td>
                {editable && (
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="link"
                      className="p-0 me-3"
                      aria-label={`Editar ${l.name}`}
                      title="Editar"
                      onClick={() => setEditing(l)}
                    >
                      <PencilIcon />
                    </Button>
                    <RemoveButton label={`Remover ${l.name}`} onClick={() => remove(l.id)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <AddLineModal estimateId={estimate.id} kind={kind} show={adding} onHide={() => setAdding(false)} />
      {editable && (
        <EditLineModal
          kind={kind}
          line={editing}
          onHide={() => setEditing(null)}
          onSave={(lineId, body) => save.mutateAsync({ kind, lineId, body })}
        />
      )}
    </SectionCard>
  );
}

export const ServicesSection = (p: { estimate: EstimateDetail; editable: boolean }) => (
  <PricedSection {...p} kind="services" />
);
export const ProductsSection = (p: { estimate: EstimateDetail; editable: boolean }) => (
  <PricedSection {...p} kind="products" />
);

/** The customer's equipment quoted for. */
export function EquipmentsSection({ estimate, editable }: { estimate: EstimateDetail; editable: boolean }) {
  const [adding, setAdding] = useState(false);
  const remove = useRemove(estimate.id, 'equipments');
  return (
    <SectionCard
      title="Equipamentos"
      action={editable && <AddButton label="Adicionar equipamento" onClick={() => setAdding(true)} />}
    >
      {estimate.estimateEquipments.length === 0 ? (
        <p className="text-body-secondary mb-0">Nenhum registro</p>
      ) : (
        <Table responsive size="sm" className="mb-0 align-middle">
          <thead>
            <tr>
              <th>Nome</th>
              <th className="d-none d-sm-table-cell">Marca</th>
              <th className="d-none d-sm-table-cell">Modelo</th>
              <th>N/S</th>
              {editable && <th aria-label="Ações" />}
            </tr>
          </thead>
          <tbody>
            {estimate.estimateEquipments.map((l) => (
              <tr key={l.id}>
                <td>
                  {l.name}
                  {l.description && <div className="small text-body-secondary">{l.description}</div>}
                </td>
                <td className="d-none d-sm-table-cell">{l.brand}</td>
                <td className="d-none d-sm-table-cell">{l.model}</td>
                <td>{l.serialNumber}</td>
                {editable && (
                  <td className="text-end">
                    <RemoveButton label={`Remover ${l.name}`} onClick={() => remove(l.id)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <AddLineModal estimateId={estimate.id} kind="equipments" show={adding} onHide={() => setAdding(false)} />
    </SectionCard>
  );
}
