import { Alert } from 'react-bootstrap';
import { ApiError } from '../../lib/api-client.ts';
import { useConnectionProblem } from '../../lib/connection.tsx';
import { formatDate, formatTime } from '../../lib/format.ts';
import { dayOf, todayIso } from '../../lib/time-zone.ts';

/** 'às 14:32' today, 'em 27/11/2026 às 14:32' before (in the organization's time zone). */
export function savedAtText(at: number): string {
  const when = new Date(at);
  return dayOf(when) === todayIso() ? `às ${formatTime(when)}` : `em ${formatDate(when)} às ${formatTime(when)}`;
}

/**
 * Above a screen showing what the phone saved because the server cannot be reached: 'Sem conexão —
 * mostrando dados salvos às 14:32' (the time the data was last fetched). Nothing while online.
 */
export function SavedDataNotice({ query }: { query: { data?: unknown; error: unknown; dataUpdatedAt: number } }) {
  const offline = useConnectionProblem();
  const unreachable = query.error instanceof ApiError && query.error.status === 0;
  if (query.data === undefined || !(offline || unreachable) || !query.dataUpdatedAt) return null;
  return (
    <Alert variant="warning" className="py-2 small saved-data-notice" role="status">
      <strong>Sem conexão</strong> — mostrando dados salvos {savedAtText(query.dataUpdatedAt)}.
    </Alert>
  );
}
