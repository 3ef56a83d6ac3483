import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** GET invoices/{id}/allowed-changes: the states this user may move the order to now. */
export const getAllowedChanges = (orgPath: string, id: number) =>
  api.get<{ data: number[] }>(`${orgPath}/invoices/${id}/allowed-changes`);

/**
 * Kept as fresh as the order itself (the app's default): a change is checked against a fresh read just
 * before it is sent (StateActions), so the buttons need no read of their own each time a part of the
 * screen that shows them mounts; with none kept, the order's first open asked for them twice.
 */
export const allowedChangesQueryOptions = (orgPath: string, id: number) =>
  queryOptions({
    queryKey: [...invoiceKey(orgPath, id), 'allowed-changes'],
    queryFn: () => getAllowedChanges(orgPath, id),
  });

export const useAllowedChanges = (id: number) => useQuery(allowedChangesQueryOptions(useOrgPath(), id));
