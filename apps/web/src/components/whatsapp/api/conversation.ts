import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerMessage, CustomerMessages, ReplyBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** Whose conversation: a customer's, or the messages about one order (of its customer). */
export type ConversationOf = { customerId: number; invoiceId?: number };

const pathOf = (orgPath: string, of: ConversationOf) =>
  of.invoiceId ? `${orgPath}/invoices/${of.invoiceId}/messages` : `${orgPath}/customers/${of.customerId}/messages`;

export const conversationKey = (orgPath: string) => ['whatsapp', orgPath, 'messages'] as const;

/** New statuses and replies come by the webhook: the open conversation looks again this often. */
const REFRESH_MS = 15_000;

export const conversationQuery = (orgPath: string, of: ConversationOf, take: number) =>
  queryOptions({
    queryKey: [...conversationKey(orgPath), of.customerId, of.invoiceId ?? null, take] as const,
    queryFn: () => api.get<CustomerMessages>(pathOf(orgPath, of), { take }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

/** GET customers/{id}/messages or invoices/{id}/messages: the newest `take`, and the 24-hour window. */
export const useConversation = (of: ConversationOf, take: number) =>
  useQuery(conversationQuery(useOrgPath(), of, take));

/** POST customers/{id}/messages: the office's free-text answer, queued. */
export function useReply(customerId: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyBody) => api.post<CustomerMessage>(`${orgPath}/customers/${customerId}/messages`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKey(orgPath) }),
  });
}
