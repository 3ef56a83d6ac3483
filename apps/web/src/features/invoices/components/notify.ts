import { toast } from 'react-toastify';
import { invoiceMessages } from '@oficina/contracts';
import { ApiError, reportedGlobally } from '../../../lib/api-client.ts';

/** A failed removal shows the fixed text for the item. */
export function toastRemoveFailed(err: unknown, text: string) {
  if (!reportedGlobally(err)) toast.error(text);
}

/** A refused state change: 409 shows the server's messages, anything else the generic text. */
export function toastStateChangeFailed(err: unknown) {
  if (reportedGlobally(err)) return;
  const list = err instanceof ApiError && err.status === 409 ? err.messages : undefined;
  toast.error(list?.length ? list.join(' ') : invoiceMessages.stateChangeFailed);
}
