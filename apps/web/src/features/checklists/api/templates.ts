import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChecklistTemplate, ChecklistTemplateBody, ListQuery, ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

const path = (orgPath: string) => `${orgPath}/checklist-templates`;

export function useTemplates(query: Partial<ListQuery> & { retired?: boolean }) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['checklist-templates', 'list', query],
    queryFn: () => api.get<ListResult<ChecklistTemplate>>(path(orgPath), query),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: number) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['checklist-templates', id],
    queryFn: () => api.get<ChecklistTemplate>(`${path(orgPath)}/${id}`),
  });
}

/** Create (no id) or edit; the lists are read again after. */
export function useSaveTemplate(id?: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChecklistTemplateBody) =>
      id
        ? api.put<ChecklistTemplate>(`${path(orgPath)}/${id}`, body)
        : api.post<ChecklistTemplate>(path(orgPath), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['checklist-templates'] }),
  });
}

export function useRetireTemplate() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${path(orgPath)}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['checklist-templates'] }),
  });
}
