import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { FeatureName } from '@oficina/contracts';
import { useAuth, useMe } from '../lib/auth.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';

/** Without a logged-in user, go to /login remembering where the visitor was going. */
export function RequireUser() {
  const { user } = useAuth();
  const location = useLocation();
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
