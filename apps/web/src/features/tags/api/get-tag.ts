import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getTag = (orgPath: string, id: number) => api.get<Tag>(`${orgPath}/tags/${id}`);

export const tagQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: ['tags', 'detail', id], queryFn: () => getTag(orgPath, id) });

export const useTag = (id: number) => useQuery(tagQueryOptions(useOrgPath(), id));
