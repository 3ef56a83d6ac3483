import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstimateDetail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { estimateKey, estimatePath } from './estimate-keys.ts';

/** GET estimates/{id}: header, lines, tags, totals and the statuses it may move to. */
export const getEstimate = (orgPath: string, id: number) => api.get<EstimateDetail>(estimatePath(orgPath, id));

export const estimateQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: [...estimateKey(orgPath, id), 'detail'], queryFn: () => getEstimate(orgPath, id) });

export const useEstimate = (id: number) => useQuery(estimateQueryOptions(useOrgPath(), id));
