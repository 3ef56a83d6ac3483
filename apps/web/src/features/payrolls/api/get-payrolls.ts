import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, Payroll } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { payrollsKey } from './payroll-keys.ts';

/** GET payrolls {q, skip, take}: latest period first. */
export const getPayrolls = (orgPath: string, query: ListQuery) =>
  api.get<ListResult<Payroll>>(`${orgPath}/payrolls`, query);

export const payrollsQueryOptions = (orgPath: string, query: ListQuery) =>
  queryOptions({
    queryKey: [...payrollsKey(orgPath), 'list', query],
    queryFn: () => getPayrolls(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const usePayrolls = (query: ListQuery) => useQuery(payrollsQueryOptions(useOrgPath(), query));
