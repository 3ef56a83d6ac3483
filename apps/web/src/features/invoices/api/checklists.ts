import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerChecklistBody, ChecklistTemplate, ListResult, OrderChecklist } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey, refreshInvoice } from './invoice-keys.ts';

const base = (orgPath: string, id: number) => `${orgPath}/invoices/${id}/checklists`;
const checklistsKey = (orgPath: string, id: number) => [...invoiceKey(orgPath, id), 'checklists'];
/** PUT invoices/{id}/checklists/{checklistId} {answers}: every answer of one checklist at once. */
export const checklistPath = (orgPath: string, id: number, checklistId: number) =>
  `${base(orgPath, id)}/${checklistId}`;

export function useOrderChecklists(id: number) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: checklistsKey(orgPath, id),
    queryFn: () => api.get<{ data: OrderChecklist[] }>(base(orgPath, id)),
    // The technician answers from the phone while the office looks: read again at each open of the order.
    staleTime: 0,
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

/**
 * With `key` (the outbox's Idempotency-Key) a request that reaches no server throws at once, to be queued.
 * The saved checklist replaces its copy in the order's list at once, so the section shows what the server
 * kept before the order's refresh arrives.
 */
export function useAnswerChecklist(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { checklistId: number; body: AnswerChecklistBody; key?: string }) =>
      api.put<OrderChecklist>(
        checklistPath(orgPath, id, v.checklistId),
        v.body,
        v.key ? { idempotencyKey: v.key, noRetryPrompt: true } : {},
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData<{ data: OrderChecklist[] }>(
        checklistsKey(orgPath, id),
        (old) => old && { data: old.data.map((c) => (c.id === saved.id ? saved : c)) },
      );
      return refreshInvoice(queryClient, orgPath, id);
    },
  });
}

export const useRemoveChecklist = (id: number) =>
  useOrderMutation(id, (orgPath, checklistId: number) => api.delete(`${base(orgPath, id)}/${checklistId}`));
