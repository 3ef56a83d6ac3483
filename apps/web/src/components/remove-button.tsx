import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { ApiError } from '../lib/api-client.ts';
import { useConfirm } from './confirm-dialog.tsx';
import type { Column } from './data-table.tsx';
import { TrashIcon } from './icons.tsx';

/** A row's small trash button, named for screen readers by `label` ('Remover cliente Fulano'). */
export function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button size="sm" variant="outline-danger" aria-label={label} title="Remover" onClick={onClick}>
      <TrashIcon />
    </Button>
  );
}

/** The last column of a list whose rows can be removed: the trash button at the right. */
export function removeColumn<T>(label: (row: T) => string, onRemove: (row: T) => void): Column<T> {
  return {
    header: '',
    className: 'text-end',
    cell: (row) => <RemoveButton label={label(row)} onClick={() => onRemove(row)} />,
  };
}

interface RemoveOptions<T> {
  /** The question asked first ('Remover endereço?'). */
  title(row: T): string;
  remove(row: T): Promise<unknown>;
  /** The toast once removed. */
  removed: string;
  /** The toast when the server refuses. */
  failed(err: unknown): string;
}

/**
 * Removing a row once the user confirms: a toast says it was removed, or why not. A connection or
 * server error has already raised its own alert and adds nothing.
 */
export function useConfirmedRemove<T>({ title, remove, removed, failed }: RemoveOptions<T>) {
  const confirm = useConfirm();
  return async (row: T) => {
    if (!(await confirm({ title: title(row), confirmLabel: 'Remover' }))) return;
    try {
      await remove(row);
      toast.success(removed);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 0 || err.status >= 500)) return;
      toast.error(failed(err));
    }
  };
}
