import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/**
 * GET invoices/{id}/signatures/{signatureId}/image: the customer's signature as printed (PNG), asked
 * for apart from the order so the order's answer stays small; the card says itself when it fails.
 */
export const getSignatureImage = (orgPath: string, id: number, signatureId: number) =>
  api.getBlob(`${orgPath}/invoices/${id}/signatures/${signatureId}/image`, { quiet: true });

export const signatureImageQueryOptions = (orgPath: string, id: number, signatureId: number) =>
  queryOptions({
    queryKey: [...invoiceKey(orgPath, id), 'signature', signatureId],
    queryFn: () => getSignatureImage(orgPath, id, signatureId),
    // A signature never changes: a new one has another id.
    staleTime: Infinity,
  });

export const useSignatureImage = (id: number, signatureId: number) =>
  useQuery(signatureImageQueryOptions(useOrgPath(), id, signatureId));
