import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, Tag } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getTags = (orgPath: string, query: Partial<ListQuery>) =>
  api.get<ListResult<Tag>>(`${orgPath}/tags`, query);

export const tagsQueryOptions = (orgPath: string, query: Partial<ListQuery>) =>
  queryOptions({
    queryKey: ['tags', 'list', query],
    queryFn: () => getTags(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useTags = (query: Partial<ListQuery>) => useQuery(tagsQueryOptions(useOrgPath(), query));
