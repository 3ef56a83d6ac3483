import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getService = (orgPath: string, id: number) => api.get<Service>(`${orgPath}/services/${id}`);

export const serviceQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: ['services', 'detail', id], queryFn: () => getService(orgPath, id) });

export const useService = (id: number) => useQuery(serviceQueryOptions(useOrgPath(), id));
