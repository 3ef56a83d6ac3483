import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayrollDetail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { payrollKey } from './payroll-keys.ts';

/** GET payrolls/{id}: the payroll, its totals and its workers. */
export const getPayroll = (orgPath: string, id: number) => api.get<PayrollDetail>(`${orgPath}/payrolls/${id}`);

export const payrollQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: [...payrollKey(orgPath, id), 'detail'], queryFn: () => getPayroll(orgPath, id) });

export const usePayroll = (id: number) => useQuery(payrollQueryOptions(useOrgPath(), id));
