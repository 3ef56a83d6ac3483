import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isPermission,
  type FeatureName,
  type Me,
  type Permission,
  type PermittedViewer,
  type TokenPayload,
} from '@ordem-certa/contracts';
import { api } from './api-client.ts';
import { clearToken, decodeToken, getToken, setToken } from './token.ts';
import { setOrgTimeZone } from './time-zone.ts';

interface AuthState {
  token: string | null;
  user: TokenPayload | null;
  /**
   * The signed-in user as `can` takes them: the permissions /me answered for their role. None until it
   * has answered (the menu frame shows no page before that).
   */
  viewer: PermittedViewer;
  signIn(token: string): void;
  signOut(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // A stored token restores the session on start.
  const [token, setTokenState] = useState<string | null>(() => (decodeToken(getToken()) ? getToken() : null));
  const queryClient = useQueryClient();
  const signIn = useCallback(
    (t: string) => {
      // Another user's answer must not stand in for this one's until it is read again.
      queryClient.removeQueries({ queryKey: meQueryKey });
      setToken(t);
      setTokenState(t);
    },
    [queryClient],
  );
  const signOut = useCallback(() => {
    clearToken();
    setOrgTimeZone(null);
    setTokenState(null);
    queryClient.clear();
  }, [queryClient]);
  // The token names only one of the two stored role values; the role itself (built-in or the
  // organization's own) and so its permissions come from /me, read again as any query goes stale, so a
  // role changed meanwhile shows here soon after the server already applies it.
  const granted = useQuery({ ...meQueryOptions, enabled: !!token }).data?.permissions;
  const value = useMemo<AuthState>(() => {
    const user = decodeToken(token);
    const viewer = { userId: Number(user?.sub), permissions: permissionsOf(granted) };
    return { token, user, viewer, signIn, signOut };
  }, [token, granted, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const none: ReadonlySet<Permission> = new Set();

/** The names /me answered as a set; a name this build does not know grants nothing here. */
function permissionsOf(names: readonly string[] | undefined): ReadonlySet<Permission> {
  return names ? new Set(names.filter(isPermission)) : none;
}

/** The session where there may be none (a widget also used outside the signed-in app): null then. */
export function useOptionalAuth(): AuthState | null {
  return useContext(AuthContext);
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** The signed-in user as `can` of the contracts takes them: `can(useViewer(), 'customer.create')`. */
export function useViewer(): PermittedViewer {
  return useAuth().viewer;
}

export const meQueryKey = ['me'] as const;
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  // The organization's time zone is set before the answer reaches any screen: the menu frame shows
  // no page until /me has answered, so no date is ever printed in another zone first.
  queryFn: () =>
    api.get<Me>('/me').then((me) => {
      setOrgTimeZone(me.organization.timeZone);
      return me;
    }),
  staleTime: 5 * 60_000,
});
/** The logged user with the organization's feature flags (GET /api/me). */
export function useMe() {
  const { token } = useAuth();
  return useQuery({ ...meQueryOptions, enabled: !!token });
}

/** The organization path prefix every tenant call uses. */
export function useOrgPath() {
  const { user } = useAuth();
  return `/organizations/${user?.organizationId ?? 0}`;
}

export function useFeature(feature: FeatureName): boolean {
  return useMe().data?.organization.features[feature] ?? false;
}
