import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { and, eq, sql } from 'drizzle-orm';
import {
  can,
  isPermission,
  messages,
  permissionsOfRole,
  type FeatureName,
  type TokenPayload,
} from '@ordem-certa/contracts';
import { schema, type Announcements, type Db } from '@ordem-certa/db';
import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import type { Access, AuthContext } from '../core/access/access.ts';
import { roleOfUser } from '../core/access/role-of.ts';
import { sessionCheck } from '../core/access/sessions.ts';
import { portalSessionOf, type PortalContext } from '../core/portal/portal-session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** For a portal route: the organization's feature it belongs to; turned off, the route is a 404. */
    portalFeature?: FeatureName;
  }
  interface FastifyRequest {
    auth: AuthContext;
    /** The customer of a portal route's session (access: 'portal'). */
    portal: PortalContext;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
}

export interface TokenService {
  sign(user: {
    id: number;
    name: string;
    email: string;
    role: string;
    organizationId: number;
    tokenVersion?: number;
    /** The session the token belongs to (user_sessions.id); revoked, the token is refused. */
    sessionId?: number;
  }): Promise<string>;
  verify(token: string): Promise<TokenPayload>;
}

/** How many verified tokens a process remembers (a few hundred bytes each). */
const VERIFIED_MAX = 2000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token whose signature was checked once needs no second check until it expires: the same bytes
  // under the same key give the same answer. The user behind it is still checked on every request
  // (CheckedUsers, below), so a deactivated user or a changed password still ends the token at once.
  const verified = new Map<string, { payload: TokenPayload; exp: number }>();
  return {
    sign: (user) =>
      new SignJWT({
        name: user.name,
        email: user.email,
        roles: [user.role],
        organizationId: user.organizationId,
        ver: user.tokenVersion ?? 0,
        ...(user.sessionId === undefined ? {} : { sid: user.sessionId }),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known && known.exp * 1000 > Date.now()) return known.payload;
      // A token without an expiry would work forever: refused.
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { payload: payload as unknown as TokenPayload, exp: payload.exp! });
      return payload as unknown as TokenPayload;
    },
  };
}

/** The token of an `Authorization: Bearer …` header; the scheme's name is case-insensitive (RFC 9110). */
export function bearer(request: FastifyRequest): string | undefined {
  const match = /^bearer[ \t]+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * The user behind a token, their role's permissions and their organization's features: one query by
 * primary keys, prepared once (built once here, planned once per database connection). Its answer is kept
 * (CheckedUsers) until the database announces a change to that user, organization or any role, so a
 * deactivated user, a user given another role or a role given other permissions counts at the next request, and a token older than the user's last
 * password, e-mail or activation change (its version is behind) is refused.
 */
function authQuery(db: Db) {
  return db
    .select({
      userId: schema.users.id,
      organizationId: schema.users.organizationId,
      name: schema.users.name,
      email: schema.users.email,
      storedRole: schema.users.role,
      isActive: schema.users.isActive,
      tokenVersion: schema.users.tokenVersion,
      features: schema.organizations.features,
      role: roleOfUser.columns,
    })
    .from(schema.users)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.users.organizationId))
    .innerJoin(roleOfUser.table, roleOfUser.on)
    .where(
      and(eq(schema.users.id, sql.placeholder('userId')), eq(schema.users.organizationId, sql.placeholder('orgId'))),
    )
    .prepare('auth_user');
}

async function loadAuth(
  query: ReturnType<typeof authQuery>,
  checked: CheckedUsers,
  payload: TokenPayload,
): Promise<AuthContext | undefined> {
  const userId = Number(payload.sub);
  const orgId = payload.organizationId;
  if (!Number.isInteger(userId) || !Number.isInteger(orgId)) return undefined;
  const row = await checked.get(userId, orgId, async () => (await query.execute({ userId, orgId }))[0]);
  if (!row || !row.isActive || row.tokenVersion !== payload.ver) return undefined;
  const roles = [row.storedRole];
  return {
    userId: row.userId,
    organizationId: row.organizationId,
    name: row.name,
    email: row.email,
    roles,
    permissions: permissionsOfRole(row.role),
    features: row.features,
  };
}

/** How many users a process keeps checked (a few hundred bytes each). */
const USERS_KEPT_MAX = 5000;

type AuthRow = NonNullable<Awaited<ReturnType<ReturnType<typeof authQuery>['execute']>>[number]>;

/**
 * The users behind tokens, as last read, kept while the database has announced no change to them. A row
 * read while an announcement came in, or while no connection listened, is used once and not kept: it may
 * be older than the announcement.
 */
class CheckedUsers {
  private rows = new Map<number, AuthRow>();
  private generation = 0;
  readonly stop: () => void;
  constructor(private readonly announcements: Announcements) {
    this.stop = announcements.subscribe((payload) => {
      this.generation++;
      if (payload?.startsWith('u')) this.rows.delete(Number(payload.slice(1)));
      else this.rows.clear();
    });
  }
  async get(userId: number, organizationId: number, read: () => Promise<AuthRow | undefined>) {
    const kept = this.rows.get(userId);
    if (kept && kept.organizationId === organizationId && this.announcements.listening) return kept;
    const generation = this.generation;
    const row = await read();
    if (row && generation === this.generation && this.announcements.listening) {
      if (this.rows.size >= USERS_KEPT_MAX) this.rows.delete(this.rows.keys().next().value!);
      this.rows.set(userId, row);
    }
    return row;
  }
}

/**
 * The tokens: signed at login, checked on every request (`app.tokens`), and the user behind a
 * request's token (`request.auth`, set by the access check below).
 */
export const authPlugin = fp<{ secret: string; ttlSeconds: number }>(
  async (app, { secret, ttlSeconds }) => {
    app.decorate('tokens', createTokenService(secret, ttlSeconds));
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorateRequest('portal', null as unknown as PortalContext);
  },
  { name: 'auth' },
);

/**
 * Why a route's access declaration cannot be enforced, naming the route; undefined when it can. Every
 * route states it, so a route added without thinking about who may call it stops the app at start.
 */
export function accessDeclarationProblem(method: string, url: string, access: unknown): string | undefined {
  const route = `${method} ${url}`;
  const fix =
    "config: {access: {can: '<permission>'}} (a name of packages/contracts/src/permissions.ts), or config: {access: 'public'}";
  if (access === 'public' || access === 'portal') return undefined;
  if (access === undefined || access === null || typeof access !== 'object')
    return `${route} declares no access: give it ${fix}`;
  const named = (access as { can?: unknown }).can;
  if (typeof named !== 'string') return `${route} declares no permission: give it ${fix}`;
  if (!isPermission(named)) return `${route} names '${named}', which is no permission of the map: give it ${fix}`;
  return undefined;
}

/** Adds the access check to every route of the (encapsulated) scope it is registered in. */
export const accessPlugin = fp(
  async (app) => {
    const { tokens } = app;
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const problem = accessDeclarationProblem(methods.join(','), route.url, route.config?.access);
      if (problem) throw new Error(problem);
    });
    const query = authQuery(app.db);
    const checked = new CheckedUsers(app.database.announcements);
    const sessionOpen = sessionCheck(app.db);
    app.addHook('onClose', async () => checked.stop());
    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.access;
      if (access === 'public') return;
      // What a login reads is kept by no browser or proxy cache (a shared computer's back button included).
      reply.header('cache-control', 'no-store');

      const token = bearer(request);
      if (!token) throw unauthorized();
      if (access === 'portal') {
        const portal = await portalSessionOf(app.db, token);
        if (!portal) throw unauthorized();
        // A section of a feature the organization turned off does not exist for its customers.
        const feature = request.routeOptions.config.portalFeature;
        if (feature && !portal.features[feature]) throw notFound();
        request.portal = portal;
        return;
      }
      let payload: TokenPayload;
      try {
        payload = await tokens.verify(token);
      } catch {
        throw unauthorized();
      }
      const logError = (err: unknown) => request.log.error({ err }, 'session last seen not written');
      if (payload.sid !== undefined && !(await sessionOpen(payload.sid, Number(payload.sub), logError))) {
        throw unauthorized();
      }
      const auth = await loadAuth(query, checked, payload);
      if (!auth) throw unauthorized();
      request.auth = auth;

      // Paths under /organizations/:orgId/ belong to the token's organization only.
      const params = request.params as Record<string, string> | undefined;
      if (params?.orgId !== undefined && Number(params.orgId) !== auth.organizationId) throw forbidden();
      // Declared on every route (checked above when it was added).
      if (!access || !can(auth, access.can)) throw forbidden();
      if (access.feature && !auth.features[access.feature]) throw forbidden(messages.featureDisabled);
    });
  },
  { name: 'access', dependencies: ['db', 'auth'] },
);
