import type { QueryClient } from '@tanstack/react-query';
import { estimatesQueryKey } from '../../../components/estimates/api/get-estimates.ts';

/** Everything about one estimate (detail, notes, reminders, pictures, e-mails, orders) under one key. */
export const estimateKey = (orgPath: string, id: number) => ['estimate', orgPath, id] as const;

/** After a write: the estimate and the lists (its total, status or tags may have changed). */
export const refreshEstimate = (queryClient: QueryClient, orgPath: string, id: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: estimateKey(orgPath, id) }),
    queryClient.invalidateQueries({ queryKey: estimatesQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  ]);

/** A mutation's onSuccess that refreshes the estimate. */
export const estimatePath = (orgPath: string, id: number) => `${orgPath}/estimates/${id}`;
