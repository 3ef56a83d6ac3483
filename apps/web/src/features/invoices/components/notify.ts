import { toast } from 'react-toastify';
import { invoiceMessages } from '@ordem-certa/contracts';
import { ApiError, reportedGlobally } from '../../../lib/api-client.ts';

/** A failed removal shows the fixed text for the item. */
export function toastRemoveFailed(err: unknown, text: string) {
  if (!reportedGlobally(err)) toast.error(text);
}

/**
 * A refused state change: 409 (not allowed now) and 422 (e.g. a checklist's required items unanswered)
 * show the server's messages, anything else the generic text.
 */
export function toastStateChangeFailed(err: unknown) {
  if (reportedGlobally(err)) return;
  const list =
    err instanceof ApiError && (err.status === 409 || err.status === 422)
      ? (err.messages ?? Object.values(err.fieldErrors ?? {}).flat())
      : undefined;
  toast.error(list?.length ? list.join(' ') : invoiceMessages.stateChangeFailed);
}
