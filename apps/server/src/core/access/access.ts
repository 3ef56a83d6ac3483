import type { FeatureName, Features, Permission, PermittedViewer } from '@ordem-certa/contracts';
import { notFound } from '../../lib/errors.ts';

/**
 * What every route declares about who may call it; a route under /api that declares nothing is refused
 * when the app starts. The one place that enforces it is the auth plugin's onRequest hook
 * (plugins/auth.ts); routes only declare.
 *  - 'public': no token needed (the route authorizes by the token in its link, or serves no data).
 *  - 'portal': a valid session token of the customer's portal (core/portal/portal-session.ts); the
 *    customer and organization are `request.portal`, and no user's token is accepted.
 *  - { can, feature? }: a valid token of an active user whose role holds the permission, optionally of
 *    an organization with the feature enabled.
 */
export type Access = 'public' | 'portal' | { can: Permission; feature?: FeatureName };

/** The user behind a request's token (request.auth): who they are, their organization and role. */
export interface AuthContext extends PermittedViewer {
  userId: number;
  organizationId: number;
  name: string;
  email: string;
  /** The role's stored value ('ROLE_ADMIN', 'ROLE_USER'), as the token names it. */
  roles: string[];
  features: Features;
}

/** Who acts on a record: the token's user, organization and their role's permissions (request.auth). */
export type Actor = Pick<AuthContext, 'userId' | 'organizationId' | 'permissions' | 'name'>;

/** For services: a row of another organization is simply not found. */
export function assertFound<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw notFound();
  return row;
}
