import { useCallback, useState } from 'react';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { DEFAULT_TAKE, equipmentMessages, type Equipment } from '@oficina/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useEquipments } from '../api/get-equipments.ts';
import { useDeleteEquipment } from '../api/delete-equipment.ts';
import { EquipmentHistoryModal } from './equipment-history-modal.tsx';
import { EquipmentModal } from './equipment-modal.tsx';
import { TrashIcon } from '../../../components/icons.tsx';

const equipmentColumns = (actions: {
  onEdit(e: Equipment): void;
  onDelete(e: Equipment): void;
  onHistory(e: Equipment): void;
}): Column<Equipment>[] => [
  { header: '#', cell: (e) => e.id, className: 'text-body-secondary' },
  {
    header: 'Nome',
    cell: (e) => (
      <Button variant="link" className="p-0 text-start" onClick={() => actions.onEdit(e)}>
        {e.name}
      </Button>
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
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={`Remover equipamento ${e.name}`}
          title="Remover"
          onClick={() => actions.onDelete(e)}
        >
          <TrashIcon />
        </Button>
      </div>
    ),
  },
];

/** Equipamentos: #, Nome (opens the edit modal), Marca, Modelo, N/S, Observações, delete. */
export function EquipmentTab({ customerId }: { customerId: number }) {
  const [page, setPage] = useState({ skip: 0, take: DEFAULT_TAKE });
  const [modal, setModal] = useState<{ equipmentId: number | null; show: boolean }>({ equipmentId: null, show: false });
  const list = useEquipments(customerId, page);
  const remove = useDeleteEquipment(customerId);
  const confirm = useConfirm();
  const hide = useCallback(() => setModal((m) => ({ ...m, show: false })), []);

  const onDelete = async (e: Equipment) => {
    if (!(await confirm({ title: 'Remover equipamento?', confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(e.id);
      toast.success(equipmentMessages.removed);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 0 || err.status >= 500)) return;
      toast.error(equipmentMessages.removeFailed);
    }
  };

  const [historyOf, setHistoryOf] = useState<Equipment | null>(null);
  const columns = equipmentColumns({
    onEdit: (e) => setModal({ equipmentId: e.id, show: true }),
    onDelete,
    onHistory: setHistoryOf,
  });

  return (
    <section aria-label="Equipamentos">
      <div className="d-flex justify-content-end mb-2">
        <Button onClick={() => setModal({ equipmentId: null, show: true })}>Novo Equipamento</Button>
      </div>
      <div className="card-list">
        <DataTable
          columns={columns}
          rows={list.data?.data}
          rowKey={(e) => e.id}
          isLoading={list.isPending}
          emptyText="Nenhum registro encontrado"
        />
      </div>
      {list.data && list.data.meta.total > list.data.meta.take && (
        <PaginationBar meta={list.data.meta} onChange={setPage} />
      )}
      <EquipmentModal customerId={customerId} equipmentId={modal.equipmentId} show={modal.show} onHide={hide} />
      <EquipmentHistoryModal customerId={customerId} equipment={historyOf} onHide={() => setHistoryOf(null)} />
    </section>
  );
}
