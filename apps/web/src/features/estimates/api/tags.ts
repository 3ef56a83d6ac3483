import type { ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import type { Option } from '../../../components/searchable-select.tsx';
import { useEstimateMutation } from './use-estimate-mutation.ts';

/** GET estimates/{id}/tags/available?q=: the organization's tags not on the estimate. */
export const searchAvailableTags = async (path: string, q: string): Promise<Option[]> =>
  (await api.get<ListResult<{ id: number; name: string }>>(`${path}/tags/available`, { q, take: 20 })).data.map(
    (t) => ({ value: t.id, label: t.name }),
  );

/** POST / DELETE estimates/{id}/tags/{tagId}: tags change in any status. */
export const addTag = (path: string, tagId: number) => api.post(`${path}/tags/${tagId}`);
export const removeTag = (path: string, tagId: number) => api.delete(`${path}/tags/${tagId}`);
export const useAddTag = (id: number) => useEstimateMutation(id, addTag);
export const useRemoveTag = (id: number) => useEstimateMutation(id, removeTag);
