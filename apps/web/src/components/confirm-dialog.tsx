import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { ConfirmOptions } from './confirm-modal.tsx';

export type { ConfirmOptions };

const ConfirmModal = lazy(() => import('./confirm-modal.tsx').then((m) => ({ default: m.ConfirmModal })));

type Confirm = (opts?: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** One confirmation dialog for the app; useConfirm() returns a promise of the user's answer. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [opts, setOpts] = useState<ConfirmOptions | null>(null);
  const [opened, setOpened] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback<Confirm>(
    (o = {}) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOpened(true);
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
      {/* The dialog's code (react-bootstrap's Modal) comes with the first question, not with the app. */}
      {opened && (
        <Suspense fallback={null}>
          <ConfirmModal options={opts} onClose={close} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const ctx = useContext(ConfirmContext);
  if (!ctx) throw new Error('useConfirm outside ConfirmProvider');
  return ctx;
}
