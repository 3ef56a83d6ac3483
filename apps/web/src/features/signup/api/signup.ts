import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CnpjLookup, SignupBody, SignupResponse, SignupStatus, VerifyEmailBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey, useOrgPath } from '../../../lib/auth.tsx';

type Message = { message: string };

/** GET /signup: whether this installation takes sign-ups. */
export const useSignupStatus = () =>
  useQuery({
    queryKey: ['signup-status'],
    queryFn: () => api.get<SignupStatus>('/signup', undefined, { isLogin: true }),
  });

/** The sign-up form's CNPJ lookup, before any login; quiet, as the form says beside the button when it fails. */
export const signupCnpjQueryOptions = (cnpj: string) =>
  queryOptions({
    queryKey: ['signup-cnpj', cnpj],
    queryFn: ({ signal }) =>
      api.get<CnpjLookup>(`/signup/cnpj/${cnpj}`, undefined, { quiet: true, isLogin: true, signal }),
    staleTime: Infinity,
    retry: false,
  });

/** POST /signup: a public call, so a 401 here is nothing to log out of. */
export const useSignup = () =>
  useMutation({ mutationFn: (body: SignupBody) => api.post<SignupResponse>('/signup', body, { isLogin: true }) });

/** POST /signup/verify: the e-mailed link's token. */
export const useVerifyEmail = () =>
  useMutation({ mutationFn: (body: VerifyEmailBody) => api.post<Message>('/signup/verify', body, { isLogin: true }) });

/** POST organizations/{orgId}/email-verification: a new link to the signed-in owner. */
export function useResendVerification() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Message>(`${orgPath}/email-verification`),
    // Confirmed meanwhile (in another tab): /me says so and the banner goes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
