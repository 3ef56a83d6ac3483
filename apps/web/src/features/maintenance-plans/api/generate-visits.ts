import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateOccurrencesBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshPlans } from './plan-keys.ts';

export interface GeneratedOrder {
  id: number;
  number: number;
  date: string;
}

/** POST maintenance-plans/{id}/generate {until}: the orders of the visits up to that date not made yet. */
export const generateVisits = (orgPath: string, id: number, body: GenerateOccurrencesBody) =>
  api.post<{ data: GeneratedOrder[] }>(`${orgPath}/maintenance-plans/${id}/generate`, body);

export function useGenerateVisits(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateOccurrencesBody) => generateVisits(orgPath, id, body),
    onSuccess: async () => {
      await refreshPlans(queryClient, orgPath);
      // The new orders show in the order lists and the agenda.
      await queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
  });
}
