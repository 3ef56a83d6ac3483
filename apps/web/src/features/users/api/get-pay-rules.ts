import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PayRulesResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useUsersPath } from './get-users.ts';

export const payRulesPath = (usersPath: string, userId: number) => `${usersPath}/${userId}/pay-rules`;

/** GET users/{id}/pay-rules: the collaborator's versions (latest start first) and the initial rule. */
export const getPayRules = (usersPath: string, userId: number, query: { skip: number; take: number }) =>
  api.get<PayRulesResponse>(payRulesPath(usersPath, userId), query);

export const payRulesQueryOptions = (usersPath: string, userId: number, query: { skip: number; take: number }) =>
  queryOptions({
    queryKey: ['users', 'pay-rules', userId, query],
    queryFn: () => getPayRules(usersPath, userId, query),
    placeholderData: keepPreviousData,
  });

export const usePayRules = (userId: number, query: { skip: number; take: number }) =>
  useQuery(payRulesQueryOptions(useUsersPath(), userId, query));
