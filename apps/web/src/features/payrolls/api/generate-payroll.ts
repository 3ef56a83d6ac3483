import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratePayrollBody, Payroll } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshPayrolls } from './payroll-keys.ts';

/** POST payrolls {company, startDate, endDate}: 201 with the payroll, 422 when there is nothing to pay. */
export const generatePayroll = (orgPath: string, body: GeneratePayrollBody) =>
  api.post<Payroll & { lines: number; total: number }>(`${orgPath}/payrolls`, body);

export const useGeneratePayroll = () => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GeneratePayrollBody) => generatePayroll(orgPath, body),
    onSuccess: () => refreshPayrolls(queryClient, orgPath),
  });
};
