import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { messages } from '@ordem-certa/contracts';
import { AppModal } from './app-modal.tsx';

/** What a question says; each part has a default. */
export interface ConfirmOptions {
  title?: string;
  text?: string;
  confirmLabel?: string;
  variant?: 'danger' | 'primary';
}

/** The confirmation dialog itself; ConfirmProvider loads it the first time a question is asked. */
export function ConfirmModal({ options, onClose }: { options: ConfirmOptions | null; onClose: (ok: boolean) => void }) {
  // While it fades out the question is already answered (options null): it keeps showing its own
  // words, not the default ones.
  const [last, setLast] = useState(options);
  if (options && options !== last) setLast(options);
  const shown = options ?? last;
  return (
    <AppModal
      show={!!options}
      onHide={() => onClose(false)}
      title={shown?.title ?? 'Tem certeza?'}
      size="sm"
      footer={
        <>
          <Button variant="outline-secondary" onClick={() => onClose(false)}>
            Cancelar
          </Button>
          <Button variant={shown?.variant ?? 'danger'} onClick={() => onClose(true)} autoFocus>
            {shown?.confirmLabel ?? 'Confirmar'}
          </Button>
        </>
      }
    >
      <p className="mb-0">{shown?.text ?? messages.confirmIrreversible}</p>
    </AppModal>
  );
}
