import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePayRule, PayRule } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useUsersPath } from './get-users.ts';
import { payRulesPath } from './get-pay-rules.ts';

/** POST users/{id}/pay-rules: a new version from its date (the same date replaces that day's). */
export const savePayRule = (usersPath: string, userId: number, body: CreatePayRule) =>
  api.post<PayRule>(payRulesPath(usersPath, userId), body);

export function useSavePayRule(userId: number) {
  const path = useUsersPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePayRule) => savePayRule(path, userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'pay-rules', userId] }),
  });
}
