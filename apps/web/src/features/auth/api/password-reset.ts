import { useMutation } from '@tanstack/react-query';
import type { PasswordResetBody, PasswordResetConfirmBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

type Message = { message: string };

/** Public calls: no session, so a 401 here is nothing to log out of. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetBody) => api.post<Message>('/password-reset', body, { isLogin: true }),
  });

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetConfirmBody) =>
      api.post<Message>('/password-reset/confirm', body, { isLogin: true }),
  });
