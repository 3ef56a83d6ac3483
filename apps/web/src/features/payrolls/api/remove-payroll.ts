import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshPayrolls } from './payroll-keys.ts';

/** DELETE payrolls/{id}: refused (409) once a line is paid. */
export const removePayroll = (orgPath: string, id: number) => api.delete(`${orgPath}/payrolls/${id}`);

export const useRemovePayroll = () => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removePayroll(orgPath, id),
    onSuccess: () => refreshPayrolls(queryClient, orgPath),
  });
};
