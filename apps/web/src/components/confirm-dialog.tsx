import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { messages } from '@oficina/contracts';
import { AppModal } from './app-modal.tsx';

export interface ConfirmOptions {
  title?: string;
  text?: string;
  confirmLabel?: string;
  variant?: 'danger' | 'primary';
}

type Confirm = (opts?: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** One confirmation dialog for the app; useConfirm() returns a promise of the user's answer. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [opts, setOpts] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback<Confirm>(
    (o = {}) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOpts(o);
      }),
    [],
  );
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOpts(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AppModal
        show={!!opts}
        onHide={() => close(false)}
        title={opts?.title ?? 'Tem certeza?'}
        size="sm"
        footer={
          <>
            <Button variant="outline-secondary" onClick={() => close(false)}>
              Cancelar
            </Button>
            <Button variant={opts?.variant ?? 'danger'} onClick={() => close(true)} autoFocus>
              {opts?.confirmLabel ?? 'Confirmar'}
            </Button>
          </>
        }
      >
        <p className="mb-0">{opts?.text ?? messages.confirmIrreversible}</p>
      </AppModal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const ctx = useContext(ConfirmContext);
  if (!ctx) throw new Error('useConfirm outside ConfirmProvider');
  return ctx;
}
