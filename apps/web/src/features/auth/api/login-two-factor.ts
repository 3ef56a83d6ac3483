import { useMutation } from '@tanstack/react-query';
import type { LoginTwoFactorBody, TwoFactorSetup } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** The second step: the code (or a recovery code) for the login's challenge gives the token. */
export const loginTwoFactor = (body: LoginTwoFactorBody) =>
  api.post<{ token: string; recoveryCodes?: string[] }>('/login/two-factor', body, { isLogin: true });

export const useLoginTwoFactor = () => useMutation({ mutationFn: loginTwoFactor });

/** Enrolment the organization requires, during the login: the secret and its QR code. */
export const setupDuringLogin = (challenge: string) =>
  api.post<TwoFactorSetup>('/login/two-factor/setup', { challenge }, { isLogin: true });

export const useSetupDuringLogin = () => useMutation({ mutationFn: setupDuringLogin });
