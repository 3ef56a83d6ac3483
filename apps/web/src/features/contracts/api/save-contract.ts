import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractValues } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshContracts } from './contract-keys.ts';

/** POST contracts (no id) or PUT contracts/{id}; the contracts are read again after. */
export const saveContract = (orgPath: string, id: number | undefined, body: ContractValues) =>
  id ? api.put<Contract>(`${orgPath}/contracts/${id}`, body) : api.post<Contract>(`${orgPath}/contracts`, body);

export function useSaveContract(id?: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractValues) => saveContract(orgPath, id, body),
    onSuccess: () => refreshContracts(queryClient, orgPath),
  });
}
