import { useQueryClient } from '@tanstack/react-query';
import type { PayrollLine } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { payrollsKey } from './payroll-keys.ts';

/** POST payrolls/{id}/workers/{lineId}/pay: 409 when already paid. */
export const payPayrollLine = (orgPath: string, id: number, lineId: number) =>
  api.post<PayrollLine>(`${orgPath}/payrolls/${id}/workers/${lineId}/pay`);

/**
 * Pays lines one after another (never in parallel), reporting progress after each; stops at the first
 * failure and says which line it was. What was paid before it stays paid. Refreshes the payroll either way.
 */
export function usePayLines(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return async (lines: PayrollLine[], onProgress: (done: number) => void) => {
    let done = 0;
    try {
      for (const line of lines) {
        try {
          await payPayrollLine(orgPath, id, line.id);
        } catch (error) {
          return { done, failed: line, error };
        }
        done += 1;
        onProgress(done);
      }
      return { done, failed: null, error: null };
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: payrollsKey(orgPath) }),
        // The orders' screens show each worker's payment.
        queryClient.invalidateQueries({ queryKey: ['invoice'] }),
      ]);
    }
  };
}
