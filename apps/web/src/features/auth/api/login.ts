import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** The token, or a challenge for the second step (two-step sign-in). */
export const login = (body: LoginBody) => api.post<LoginResponse>('/login', body, { isLogin: true });

export const useLogin = () => useMutation({ mutationFn: login });
