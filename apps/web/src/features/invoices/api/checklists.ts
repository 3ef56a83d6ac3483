import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerChecklistBody, ChecklistTemplate, ListResult, OrderChecklist } from '@oficina/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey, refreshInvoice } from './invoice-keys.ts';

const base = (orgPath: string, id: number) => `${orgPath}/invoices/${id}/checklists`;

export function useOrderChecklists(id: number) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: [...invoiceKey(orgPath, id), 'checklists'],
    queryFn: () => api.get<{ data: OrderChecklist[] }>(base(orgPath, id)),
  });
}

/** The live templates, for the admin's picker (one page of 100 covers a shop's checklists). */
export function useTemplateOptions(enabled: boolean) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['checklist-templates', 'options'],
    queryFn: () => api.get<ListResult<ChecklistTemplate>>(`${orgPath}/checklist-templates`, { take: 100 }),
    enabled,
  });
}

function useOrderMutation<V, R>(id: number, fn: (orgPath: string, v: V) => Promise<R>) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => fn(orgPath, v),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
}

export const useAttachChecklist = (id: number) =>
  useOrderMutation(id, (orgPath, template: number) => api.post<OrderChecklist>(base(orgPath, id), { template }));

export const useAnswerChecklist = (id: number) =>
  useOrderMutation(id, (orgPath, v: { checklistId: number; body: AnswerChecklistBody }) =>
    api.put<OrderChecklist>(`${base(orgPath, id)}/${v.checklistId}`, v.body),
  );

export const useRemoveChecklist = (id: number) =>
  useOrderMutation(id, (orgPath, checklistId: number) => api.delete(`${base(orgPath, id)}/${checklistId}`));
