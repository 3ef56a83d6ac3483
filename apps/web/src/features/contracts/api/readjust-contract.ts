import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractReadjustmentBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshContracts } from './contract-keys.ts';

/** POST contracts/{id}/readjustments: the index's percentage on the anniversary. */
export const readjustContract = (orgPath: string, id: number, body: ContractReadjustmentBody) =>
  api.post<Contract>(`${orgPath}/contracts/${id}/readjustments`, body);

export function useReadjustContract(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractReadjustmentBody) => readjustContract(orgPath, id, body),
    onSuccess: () => refreshContracts(queryClient, orgPath),
  });
}
