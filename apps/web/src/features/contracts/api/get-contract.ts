import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contract } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { contractKey } from './contract-keys.ts';

/** GET contracts/{id}: the contract with its plans, readjustments and the periods billed. */
export const getContract = (orgPath: string, id: number) => api.get<Contract>(`${orgPath}/contracts/${id}`);

export const contractQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: contractKey(orgPath, id), queryFn: () => getContract(orgPath, id) });

export const useContract = (id: number) => useQuery(contractQueryOptions(useOrgPath(), id));
