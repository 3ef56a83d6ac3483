import { useQuery } from '@tanstack/react-query';
import type { SignupStatus } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /signup: the login page offers 'Criar conta' only where sign-up is open. */
export const useSignupOpen = () =>
  useQuery({
    queryKey: ['signup-status'],
    queryFn: () => api.get<SignupStatus>('/signup', undefined, { isLogin: true, quiet: true }),
    staleTime: 5 * 60_000,
    retry: false,
  }).data?.open === true;
