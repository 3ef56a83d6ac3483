import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import type { FeatureName } from '@ordem-certa/contracts';
import { useAuth, useMe } from '../lib/auth.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';

/** Marks the catch-all route: an address no page answers. */
export const notFoundHandle = { notFound: true } as const;

/**
 * Without a logged-in user, go to /login remembering where the visitor was going; an address no page
 * answers is 'Página não encontrada' for everybody, with or without a session.
 */
export function RequireUser() {
  const { user } = useAuth();
  const location = useLocation();
  const unknown = useMatches().some((m) => (m.handle as typeof notFoundHandle | undefined)?.notFound);
  if (!user && unknown)
    return (
      <main className="container">
        <NotFoundPage />
      </main>
    );
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/**
 * Admin-only and feature routes. The server refuses these calls anyway; this only spares the user a
 * screen of errors: they get 'Página não encontrada' as for any page they cannot reach.
 */
export function Restricted({
  admin,
  feature,
  children,
}: {
  admin?: boolean;
  feature?: FeatureName;
  children: ReactNode;
}) {
  const { isAdmin } = useAuth();
  const me = useMe();
  if (admin && !isAdmin) return <NotFoundPage />;
  if (feature && me.data && !me.data.organization.features[feature]) return <NotFoundPage />;
  return <>{children}</>;
}
