import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResult, PayrollLine, PayrollLinesQuery } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { payrollKey } from './payroll-keys.ts';

/** GET payrolls/{id}/workers {worker, q, skip, take}. */
export const getPayrollLines = (orgPath: string, id: number, query: PayrollLinesQuery) =>
  api.get<ListResult<PayrollLine>>(`${orgPath}/payrolls/${id}/workers`, query);

export const usePayrollLines = (id: number, query: PayrollLinesQuery) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: [...payrollKey(orgPath, id), 'lines', query],
    queryFn: () => getPayrollLines(orgPath, id, query),
    placeholderData: keepPreviousData,
  });
};
