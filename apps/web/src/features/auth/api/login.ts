import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

export const login = (body: LoginBody) => api.post<{ token: string }>('/login', body, { isLogin: true });

export const useLogin = () => useMutation({ mutationFn: login });
