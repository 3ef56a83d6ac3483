import type { QueryClient } from '@tanstack/react-query';

/** Everything of the contracts (list and each contract) under one key: a write refreshes it all. */
export const contractsKey = (orgPath: string) => ['contracts', orgPath] as const;
export const contractKey = (orgPath: string, id: number) => [...contractsKey(orgPath), id] as const;

export const refreshContracts = (queryClient: QueryClient, orgPath: string) =>
  queryClient.invalidateQueries({ queryKey: contractsKey(orgPath) });
