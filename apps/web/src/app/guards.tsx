import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { can as allows, type FeatureName, type Permission } from '@ordem-certa/contracts';
import { useAuth, useMe, useViewer } from '../lib/auth.tsx';
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
 * Routes for one permission or feature. The server refuses these calls anyway; this only spares the user
 * a screen of errors: they get 'Página não encontrada' as for any page they cannot reach.
 */
export function Restricted({
  can,
  feature,
  children,
}: {
  can?: Permission;
  feature?: FeatureName;
  children: ReactNode;
}) {
  const viewer = useViewer();
  const me = useMe();
  if (can && !allows(viewer, can)) return <NotFoundPage />;
  if (feature && me.data && !me.data.organization.features[feature]) return <NotFoundPage />;
  return <>{children}</>;
}
