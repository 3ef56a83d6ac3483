import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult, Service, ServiceListQuery } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export type ServicesQuery = Partial<ServiceListQuery>;

export const getServices = (orgPath: string, query: ServicesQuery) =>
  api.get<ListResult<Service>>(`${orgPath}/services`, query);

export const servicesQueryOptions = (orgPath: string, query: ServicesQuery) =>
  queryOptions({
    queryKey: ['services', 'list', query],
    queryFn: () => getServices(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useServices = (query: ServicesQuery) => useQuery(servicesQueryOptions(useOrgPath(), query));
