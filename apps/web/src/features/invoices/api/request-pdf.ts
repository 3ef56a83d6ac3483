import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** POST invoices/{id}/pdf {showValues}: a short-lived URL that opens without a login. */
export const requestPdf = (orgPath: string, id: number, showValues: boolean) =>
  api.post<{ url: string }>(`${orgPath}/invoices/${id}/pdf`, { showValues });

export const useRequestPdf = (id: number) => {
  const orgPath = useOrgPath();
  return useMutation({ mutationFn: (showValues: boolean) => requestPdf(orgPath, id, showValues) });
};
