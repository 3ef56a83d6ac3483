import { useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { hasUnsavedDrafts, useHasUnsavedDrafts } from '../lib/use-form-draft.ts';
import { useConfirm } from './confirm-dialog.tsx';

/**
 * While a form holds unsaved text, leaving asks first: the browser's own question on reload or close,
 * ours on a link or Back inside the app. A router allows one blocker at a time, hence one guard for
 * every form, mounted by the layout.
 */
export function LeaveGuard() {
  const confirm = useConfirm();
  const unsaved = useHasUnsavedDrafts();
  const blocker = useBlocker(
    // A tab or a filter in the address bar keeps the form on screen; only another page leaves it.
    ({ currentLocation, nextLocation }) => hasUnsavedDrafts() && currentLocation.pathname !== nextLocation.pathname,
  );
  const blockerRef = useRef(blocker);
  useLayoutEffect(() => {
    blockerRef.current = blocker;
  });

  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the question only when this is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: 'Sair sem salvar?',
      text: 'O que você digitou e não salvou fica guardado como rascunho neste navegador.',
      confirmLabel: 'Sair',
      variant: 'primary',
    }).then((ok) => (ok ? blockerRef.current.proceed?.() : blockerRef.current.reset?.()));
  }, [blocker.state, confirm]);

  return null;
}
