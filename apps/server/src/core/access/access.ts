import type { FeatureName, Features } from '@ordem-certa/contracts';
import { notFound } from '../../lib/errors.ts';

/**
 * What a route declares about who may call it. The one place that enforces it is the auth plugin's
 * onRequest hook (plugins/auth.ts); routes only declare.
 *  - 'public': no token needed.
 *  - { admin?, feature? }: a valid token of an active user (the default for every /api route),
 *    optionally an admin, optionally of an organization with the feature enabled.
 */
export type Access = 'public' | { admin?: boolean; feature?: FeatureName };

/** The user behind a request's token (request.auth): who they are, their organization and role. */
export interface AuthContext {
  userId: number;
  organizationId: number;
  name: string;
  email: string;
  roles: string[];
  isAdmin: boolean;
  features: Features;
}

/** Who acts on a record: the token's user, organization and role (request.auth). */
export type Actor = Pick<AuthContext, 'userId' | 'organizationId' | 'isAdmin' | 'name'>;

/** For services: a row of another organization is simply not found. */
export function assertFound<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw notFound();
  return row;
}
