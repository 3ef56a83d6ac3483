import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useUsersPath } from './get-users.ts';
import { payRulesPath } from './get-pay-rules.ts';

/** DELETE users/{id}/pay-rules/{ruleId}: a version set by mistake. */
export const removePayRule = (usersPath: string, userId: number, ruleId: number) =>
  api.delete<void>(`${payRulesPath(usersPath, userId)}/${ruleId}`);

export function useRemovePayRule(userId: number) {
  const path = useUsersPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: number) => removePayRule(path, userId, ruleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'pay-rules', userId] }),
  });
}
