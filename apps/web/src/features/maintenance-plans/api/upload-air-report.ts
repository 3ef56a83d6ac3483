import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AirReport } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { airReportsKey } from './air-reports-key.ts';

/** POST maintenance-plans/{id}/air-reports (multipart: year, then the PDF under file). */
export function uploadAirReport(orgPath: string, id: number, year: string, file: File) {
  const form = new FormData();
  form.append('year', year);
  form.append('file', file);
  return api.postForm<{ data: AirReport[] }>(`${orgPath}/maintenance-plans/${id}/air-reports`, form);
}

export function useUploadAirReport(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ year, file }: { year: string; file: File }) => uploadAirReport(orgPath, id, year, file),
    onSuccess: (answer) => queryClient.setQueryData(airReportsKey(orgPath, id), answer),
  });
}
