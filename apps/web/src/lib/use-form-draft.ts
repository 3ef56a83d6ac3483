import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useOptionalAuth } from './auth.tsx';

/**
 * Drafts of typed work: what a form holds and has not saved is copied to this tab's sessionStorage
 * as the user types, under the user, the organization and the record, so a reload, a Back or a
 * crashed tab gives it back. Saving clears it. While any form has unsaved text, leaving the page
 * asks first (see LeaveGuard, which reads `hasUnsavedDrafts`).
 */

const PREFIX = 'draft:';

/** A record's draft name: its parts joined ('invoice', 12, 'comment', 1). */
export type DraftKey = ReadonlyArray<string | number>;

export const draftStorageKey = (userId: string, organizationId: number, key: DraftKey) =>
  `${PREFIX}${organizationId}:${userId}:${key.join(':')}`;

// Which drafts are unsaved right now, for the one leave guard of the app.
const dirtyDrafts = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
function setDirty(storageKey: string, dirty: boolean) {
  if (dirty === dirtyDrafts.has(storageKey)) return;
  if (dirty) dirtyDrafts.add(storageKey);
  else dirtyDrafts.delete(storageKey);
  notify();
}
export const hasUnsavedDrafts = () => dirtyDrafts.size > 0;
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export const useHasUnsavedDrafts = () => useSyncExternalStore(subscribe, hasUnsavedDrafts);

function readDraft<T>(storageKey: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(storageKey);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}
function writeDraft(storageKey: string, value: unknown) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the draft, never the typing.
  }
}

/** Every draft of this tab (on sign-out: the next person at this computer must not see them). */
export function clearAllDrafts() {
  for (let i = sessionStorage.length - 1; i >= 0; i--) {
    const k = sessionStorage.key(i);
    if (k?.startsWith(PREFIX)) sessionStorage.removeItem(k);
  }
  dirtyDrafts.clear();
  notify();
}

export interface Draft {
  /** The form was filled from a draft (show "Rascunho restaurado" with a way to discard it). */
  restored: boolean;
  /** Drops the draft and puts the form back as it was before it. */
  discard(): void;
  /** The work was saved: forget the draft and stop guarding the page (call before navigating away). */
  clear(): void;
}

interface DraftOptions<T> {
  /** Off while the record the form edits is still loading (its values would overwrite the draft). */
  enabled?: boolean;
  /** What the form holds now, and whether that differs from what is saved. */
  value: T;
  dirty: boolean;
  /** Puts a draft (or, with undefined, the untouched form) back into the form. */
  apply(value: T | undefined): void;
}

/** The core every form kind uses: restore once, copy while dirty, register with the leave guard. */
export function useDraft<T>(key: DraftKey, { enabled = true, value, dirty, apply }: DraftOptions<T>): Draft {
  // No session (a form rendered outside the signed-in app): nothing is kept.
  const user = useOptionalAuth()?.user;
  const storageKey = user ? draftStorageKey(user.sub, user.organizationId, key) : null;
  const [restored, setRestored] = useState(false);
  // The key whose draft has been looked for; copying starts only after that (else the empty form
  // rendered first would overwrite the draft before it is read).
  const [readyKey, setReadyKey] = useState<string | null>(null);
  const applyRef = useRef(apply);
  useLayoutEffect(() => {
    applyRef.current = apply;
  });
  const cleared = useRef(false);

  useEffect(() => {
    if (enabled && storageKey && readyKey !== storageKey) {
      const saved = readDraft<T>(storageKey);
      if (saved !== undefined) applyRef.current(saved);
      // The draft lives outside React (sessionStorage) and is read once the form can take it.
      // oxlint-disable-next-line react/set-state-in-effect
      setRestored(saved !== undefined);
      cleared.current = false;
      setReadyKey(storageKey);
    }
  }, [enabled, storageKey, readyKey]);

  const json = JSON.stringify(value);
  useEffect(() => {
    if (!storageKey || readyKey !== storageKey) return;
    if (dirty && !cleared.current) writeDraft(storageKey, JSON.parse(json));
    else sessionStorage.removeItem(storageKey);
    if (!dirty) cleared.current = false;
    setDirty(storageKey, dirty && !cleared.current);
  }, [storageKey, readyKey, dirty, json]);

  // An unmounted form no longer holds the page (its draft stays for the next visit).
  useEffect(() => () => void (storageKey && setDirty(storageKey, false)), [storageKey]);

  const discard = useCallback(() => {
    if (storageKey) {
      sessionStorage.removeItem(storageKey);
      setDirty(storageKey, false);
    }
    setRestored(false);
    applyRef.current(undefined);
  }, [storageKey]);
  const clear = useCallback(() => {
    cleared.current = true;
    if (storageKey) {
      sessionStorage.removeItem(storageKey);
      setDirty(storageKey, false);
    }
    setRestored(false);
  }, [storageKey]);
  return { restored, discard, clear };
}

/**
 * The draft of a react-hook-form form. `enabled: false` while an edit form waits for its record: the
 * draft is applied over the record's values once they are the form's defaults.
 */
export function useFormDraft<V extends FieldValues, C = unknown, T = V>(
  key: DraftKey,
  form: UseFormReturn<V, C, T>,
  opts: { enabled?: boolean } = {},
): Draft {
  const value = useWatch({ control: form.control }) as V;
  return useDraft<V>(key, {
    enabled: opts.enabled,
    value,
    dirty: form.formState.isDirty,
    apply: (draft) => (draft ? form.reset(draft, { keepDefaultValues: true }) : form.reset()),
  });
}

/** The draft of a plain state value (a comment box): dirty while it differs from `empty`. */
export function useStateDraft<T>(
  key: DraftKey,
  [value, setValue]: [T, (v: T) => void],
  empty: T,
  opts: { enabled?: boolean } = {},
): Draft {
  return useDraft<T>(key, {
    enabled: opts.enabled,
    value,
    dirty: JSON.stringify(value) !== JSON.stringify(empty),
    apply: (draft) => setValue(draft === undefined ? empty : draft),
  });
}
