import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { DEFAULT_TAKE, equipmentMessages, type Equipment } from '@ordem-certa/contracts';
import type { Column } from '../../../components/data-table.tsx';
import { useFormModal } from '../../../components/modal-form.tsx';
import { RemoveButton, useConfirmedRemove } from '../../../components/remove-button.tsx';
import { TabList } from '../../../components/tab-list.tsx';
import { useEquipments } from '../api/get-equipments.ts';
import { useDeleteEquipment } from '../api/delete-equipment.ts';
import { EquipmentHistoryModal } from './equipment-history-modal.tsx';
import { EquipmentModal } from './equipment-modal.tsx';
import { WarrantyBadge } from './warranty-badge.tsx';

const equipmentColumns = (actions: {
  onEdit(e: Equipment): void;
  onDelete(e: Equipment): void;
  onHistory(e: Equipment): void;
}): Column<Equipment>[] => [
  { header: '#', cell: (e) => e.id, className: 'text-body-secondary' },
  {
    header: 'Nome',
    cell: (e) => (
      <>
        <Button variant="link" className="p-0 text-start" onClick={() => actions.onEdit(e)}>
          {e.name}
        </Button>
        {e.warrantyUntil && (
          <div>
            <WarrantyBadge until={e.warrantyUntil} />
          </div>
        )}
      </>
    ),
  },
  { header: 'Marca', cell: (e) => e.brand },
  { header: 'Modelo', cell: (e) => e.model, className: 'd-none d-sm-table-cell' },
  { header: 'N/S', cell: (e) => e.serialNumber, className: 'd-none d-md-table-cell' },
  { header: 'Observações', cell: (e) => e.description, className: 'd-none d-lg-table-cell' },
  {
    header: '',
    className: 'text-end',
    cell: (e) => (
      <div className="d-inline-flex gap-1">
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => actions.onHistory(e)}
          aria-label={`Histórico de ${e.name}`}
        >
          Histórico
        </Button>
        <RemoveButton label={`Remover equipamento ${e.name}`} onClick={() => actions.onDelete(e)} />
      </div>
    ),
  },
];

/** Equipamentos: #, Nome (opens the edit modal), Marca, Modelo, N/S, Observações, delete. */
export function EquipmentTab({ customerId }: { customerId: number }) {
  const [page, setPage] = useState({ skip: 0, take: DEFAULT_TAKE });
  const modal = useFormModal();
  const list = useEquipments(customerId, page);
  const remove = useDeleteEquipment(customerId);
  const onDelete = useConfirmedRemove({
    title: () => 'Remover equipamento?',
    remove: (e: Equipment) => remove.mutateAsync(e.id),
    removed: equipmentMessages.removed,
    failed: () => equipmentMessages.removeFailed,
  });

  const [historyOf, setHistoryOf] = useState<Equipment | null>(null);
  const columns = equipmentColumns({ onEdit: (e) => modal.open(e.id), onDelete, onHistory: setHistoryOf });

  return (
    <TabList
      label="Equipamentos"
      addLabel="Novo Equipamento"
      onAdd={() => modal.open(null)}
      columns={columns}
      list={list}
      emptyText="Nenhum registro encontrado"
      onPage={setPage}
    >
      <EquipmentModal customerId={customerId} equipmentId={modal.recordId} show={modal.show} onHide={modal.hide} />
      <EquipmentHistoryModal customerId={customerId} equipment={historyOf} onHide={() => setHistoryOf(null)} />
    </TabList>
  );
}
