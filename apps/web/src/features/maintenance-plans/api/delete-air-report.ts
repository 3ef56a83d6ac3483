import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { airReportsKey } from './air-reports-key.ts';

/** DELETE maintenance-plans/{id}/air-reports/{year}. */
export const deleteAirReport = (orgPath: string, id: number, year: number) =>
  api.delete(`${orgPath}/maintenance-plans/${id}/air-reports/${year}`);

export function useDeleteAirReport(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => deleteAirReport(orgPath, id, year),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: airReportsKey(orgPath, id) }),
  });
}
