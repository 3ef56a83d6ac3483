import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EstimateListRow, ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** The query string of GET estimates: customer, statuses (repeated), q, skip, take. */
export interface EstimatesQuery {
  q?: string;
  skip: number;
  take: number;
  customer?: number;
  statuses?: number[];
}

export const estimatesQueryKey = ['estimates', 'list'] as const;

export const getEstimates = (orgPath: string, query: EstimatesQuery) =>
  api.get<ListResult<EstimateListRow>>(`${orgPath}/estimates`, query);

export const estimatesQueryOptions = (orgPath: string, query: EstimatesQuery) =>
  queryOptions({
    queryKey: [...estimatesQueryKey, orgPath, query],
    queryFn: () => getEstimates(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useEstimates = (query: EstimatesQuery) => useQuery(estimatesQueryOptions(useOrgPath(), query));
