import { toast } from 'react-toastify';
import { useConfirm, type ConfirmOptions } from './confirm-dialog.tsx';

/** How a screen removes one of its items (a line, a comment, a tag): what it asks, calls and says. */
export interface Removal<T> {
  /** The question first: its words ({} for the dialog's own), or null to remove without asking. */
  question(item: T): ConfirmOptions | null;
  /** The call that removes it. */
  run(item: T): Promise<unknown>;
  /** The toast once it is gone; none when the list changing says enough. */
  removed?: string;
  /** Reports a removal the server refused or that never arrived. */
  failed(err: unknown): void;
}

/** Returns the function that removes an item as `removal` says: asks, calls, then toasts or reports. */
export function useRemoval<T>(removal: Removal<T>) {
  const confirm = useConfirm();
  return async (item: T) => {
    const question = removal.question(item);
    if (question && !(await confirm(question))) return;
    try {
      await removal.run(item);
      if (removal.removed) toast.success(removal.removed);
    } catch (err) {
      removal.failed(err);
    }
  };
}
