import { Button } from 'react-bootstrap';
import { messages } from '@oficina/contracts';
import { AppModal } from './app-modal.tsx';
import type { ConfirmOptions } from './confirm-dialog.tsx';

/** The confirmation dialog itself; ConfirmProvider loads it the first time a question is asked. */
export function ConfirmModal({ options, onClose }: { options: ConfirmOptions | null; onClose: (ok: boolean) => void }) {
  return (
    <AppModal
      show={!!options}
      onHide={() => onClose(false)}
      title={options?.title ?? 'Tem certeza?'}
      size="sm"
      footer={
        <>
          <Button variant="outline-secondary" onClick={() => onClose(false)}>
            Cancelar
          </Button>
          <Button variant={options?.variant ?? 'danger'} onClick={() => onClose(true)} autoFocus>
            {options?.confirmLabel ?? 'Confirmar'}
          </Button>
        </>
      }
    >
      <p className="mb-0">{options?.text ?? messages.confirmIrreversible}</p>
    </AppModal>
  );
}
