import type { PayReceivableBody, ReceivableRow } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST receivables/{id}/pay {paidAt, note} (admin): the instalment received in full. Shared by the
 * order's payments card and the receivables screen, each refreshing its own queries.
 */
export const payReceivable = (orgPath: string, id: number, body: PayReceivableBody) =>
  api.post<ReceivableRow>(`${orgPath}/receivables/${id}/pay`, body);
