import { toast } from 'react-toastify';
import { invoiceMessages } from '@oficina/contracts';
import { ApiError } from '../../../lib/api-client.ts';

/** No connection, an expired session and server errors are already reported by the API client. */
const reportedGlobally = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 401 || err.status >= 500);

/** A failed removal shows the spec's fixed text for the item (spec 2 §8). */
export function toastRemoveFailed(err: unknown, text: string) {
  if (!reportedGlobally(err)) toast.error(text);
}

/** A refused state change: 409 shows the server's messages, anything else the generic text (spec 2 §8). */
export function toastStateChangeFailed(err: unknown) {
  if (reportedGlobally(err)) return;
  const list = err instanceof ApiError && err.status === 409 ? err.messages : undefined;
  toast.error(list?.length ? list.join(' ') : invoiceMessages.stateChangeFailed);
}
