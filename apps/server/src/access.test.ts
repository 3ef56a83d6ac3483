import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { SignJWT } from 'jose';
import {
  allFeatures,
  builtInRoles,
  featureNames,
  isBuiltInRole,
  isPermission,
  messages,
  permissionSet,
  ROLE_ADMIN,
  ROLE_USER,
  type FeatureName,
  type Permission,
} from '@ordem-certa/contracts';
import { addUser, createOrg, createTestApp, type TestContext, type TestOrg } from '../test/helpers.ts';
import { tableDigests } from '../test/row-counts.ts';

/**
 * The access rule of every operation the OpenAPI document lists, walked from the document itself
 * (its `x-access`: the permission each route declares), so a new route is checked without being named
 * here: no token and a bad token are refused (401), another organization's path is refused (403) and
 * writes nothing, every operation answers 403 exactly to the roles whose permissions lack its own
 * (each built-in role of the map and a custom one), a feature operation refuses an organization with
 * the feature turned off (403 with the pt-BR message). The document's rules are then held against
 * what this file states on purpose: only the paths listed below may be public, the Técnico role
 * reaches only the operations listed below, and a feature's paths need that feature — so a route whose
 * `config.access` names a wider permission or loses its `feature` by mistake fails here.
 * The access check runs in onRequest, before validation and before the body is read: path
 * parameters other than orgId are a plausible id (1) and no body is sent.
 */

/** The paths meant to be public: each authorizes by the token in its link, or serves no data. */
const PUBLIC_PREFIXES = [
  '/api/login',
  '/api/password-reset',
  // Sign-up (closed by SIGNUP=closed): the form, its CNPJ lookup and the e-mailed confirmation link.
  '/api/signup',
  '/api/health',
  '/api/public/',
  '/api/pdfs/',
  '/api/calendar/',
  // Meta's WhatsApp webhook: its verify token, and each notification's signature, authorize it.
  '/api/whatsapp/webhook',
  '/api/pix/webhook/',
];

const ORG = '/api/organizations/{orgId}';

/**
 * The customer's portal: its operations (x-access 'portal', a portal session's token, never a login's)
 * are exactly those under this prefix; portal-tenancy.test.ts walks them with two customers of two
 * organizations.
 */
const PORTAL_PREFIX = '/api/portal/';

/**
 * What a Técnico (today's collaborator) may call, stated on purpose so that widening the role or a
 * route's permission by mistake fails here: the session, the organization and its order statuses,
 * their own profile, the agenda, the work on an order (its state, equipment, comments, pictures, PDF,
 * checklists and stamps), their own notifications, and the CEP, CNPJ and municipality lookups.
 * 'METHODS path', the path exactly, or with '*' also everything under it.
 */
const TECHNICIAN_OPERATIONS = [
  'GET /api/me',
  `GET ${ORG}`,
  `GET ${ORG}/invoice-statuses`,
  `GET PUT POST DELETE ${ORG}/profile*`,
  `GET ${ORG}/agenda`,
  `GET ${ORG}/invoices/filter`,
  `GET ${ORG}/invoices/{id}`,
  `GET ${ORG}/invoices/{id}/allowed-changes`,
  `POST ${ORG}/invoices/{id}/start`,
  `POST ${ORG}/invoices/{id}/todo`,
  `POST ${ORG}/invoices/{id}/complete`,
  `POST ${ORG}/invoices/{id}/block/{statusId}`,
  `POST ${ORG}/invoices/{id}/pdf`,
  `GET POST DELETE ${ORG}/invoices/{id}/equipments*`,
  `GET POST DELETE ${ORG}/invoices/{id}/comments*`,
  `GET POST DELETE ${ORG}/invoices/{id}/attachments/pictures*`,
  `GET ${ORG}/invoices/{id}/signatures/{signatureId}/image`,
  `GET ${ORG}/invoices/{id}/checklists`,
  `PUT ${ORG}/invoices/{id}/checklists/{checklistId}`,
  // Their stamps on the order ('A caminho', 'Cheguei', the timers, 'Saí') and the rules the phone follows.
  `GET POST ${ORG}/invoices/{id}/stamps`,
  `GET ${ORG}/field/settings`,
  // Their own bell, and their phone subscribed to it (Web Push).
  `GET ${ORG}/notifications`,
  `POST ${ORG}/notifications/{id}/mark-as-read`,
  'GET /api/push/vapid-public-key',
  `POST DELETE ${ORG}/push-subscriptions`,
  // Public registry data for the address and company forms, no organization's records.
  'GET /api/cep/{cep}',
  'GET /api/cnpj/{cnpj}',
  'GET /api/municipalities',
];

/** Each feature's paths: every operation under them needs the feature turned on. */
const FEATURE_PATHS: Record<FeatureName, string> = {
  estimates: `${ORG}/estimates`,
  reminders: `${ORG}/reminders`,
  reports: `${ORG}/reports`,
  payroll: `${ORG}/payrolls`,
  auditLogs: `${ORG}/audit-logs`,
  notifications: `${ORG}/notifications`,
  nfse: `${ORG}/nfse`,
};

const JWT_SECRET = 'access-test-secret';

interface Operation {
  method: string;
  path: string;
  access: string;
}

let ctx: TestContext;
let operations: Operation[];
let orgA: TestOrg;
let orgB: TestOrg;
/** A user of orgA per role, with the permissions the role is meant to have. */
let roleUsers: Array<{ name: string; permissions: ReadonlySet<Permission>; token: string }>;
/** Per feature, an organization with only that feature turned off. */
const withoutFeature = new Map<FeatureName, TestOrg>();

beforeAll(async () => {
  ctx = await createTestApp({ config: { jwtSecret: JWT_SECRET } });
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, access: op['x-access'] ?? '' })),
  );
  orgA = await createOrg(ctx);
  orgB = await createOrg(ctx);
  // A user of every built-in role, and of a custom role: customers, estimates and prices, nothing else.
  const db = ctx.database.db;
  const custom = permissionSet(['customer.see', 'customer.create', 'estimate.see', 'price.see']);
  const [customRole] = await db
    .insert(schema.roles)
    .values({ organizationId: orgA.organization.id, name: 'Balcão', permissions: [...custom] })
    .returning({ id: schema.roles.id });
  const roleIds = await db
    .select({ id: schema.roles.id, builtIn: schema.roles.builtIn })
    .from(schema.roles)
    .where(eq(schema.roles.organizationId, orgA.organization.id));
  const userOf = async (name: string, roleId: number, permissions: ReadonlySet<Permission>) => {
    const user = await addUser(ctx, orgA.organization.id, {
      name,
      email: `${name}-${roleId}@teste.com.br`,
      role: ROLE_USER,
    });
    await db.update(schema.users).set({ roleId }).where(eq(schema.users.id, user.id));
    return { name, permissions, token: user.token };
  };
  roleUsers = [];
  for (const { id, builtIn } of roleIds)
    if (isBuiltInRole(builtIn))
      roleUsers.push(await userOf(builtInRoles[builtIn].name, id, builtInRoles[builtIn].permissions));
  roleUsers.push(await userOf('Balcão', customRole!.id, custom));
  for (const feature of featureNames)
    withoutFeature.set(feature, await createOrg(ctx, { features: { ...allFeatures, [feature]: false } }));
});
afterAll(() => ctx.close());

const isPublic = (op: Operation) => op.access === 'public';
const isPortal = (op: Operation) => op.access === 'portal';
/** What a user's token reaches: neither public nor the customer's portal. */
const isUsers = (op: Operation) => !isPublic(op) && !isPortal(op);
/** The permission the operation needs (undefined for a public or portal one). */
const permissionOf = (op: Operation) => (isUsers(op) ? (op.access.split(' ')[0] as Permission) : undefined);
const featureOf = (op: Operation) =>
  op.access
    .split(' ')
    .find((w) => w.startsWith('feature:'))
    ?.slice('feature:'.length) as FeatureName | undefined;
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
/** Whether a TECHNICIAN_OPERATIONS entry names the operation. */
const names = (entry: string, op: Operation) => {
  const words = entry.split(' ');
  const path = words.pop()!;
  return words.includes(op.method) && (path.endsWith('*') ? under(op.path, path.slice(0, -1)) : op.path === path);
};
const label = (op: Operation) => `${op.method} ${op.path}`;

/** The operation's path with the organization's id for {orgId} and 1 for every other parameter. */
const urlFor = (op: Operation, orgId: number) => op.path.replace('{orgId}', String(orgId)).replace(/\{\w+\}/g, '1');

/**
 * Sends each request (a few at a time) and lists those whose answer is not the expected status
 * (and, when given, the expected error message).
 */
async function misfits(
  ops: Operation[],
  request: (op: Operation) => { url: string; headers: Record<string, string> },
  status: number,
  message?: string,
): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < ops.length; i += 8) {
    await Promise.all(
      ops.slice(i, i + 8).map(async (op) => {
        const { url, headers } = request(op);
        const res = await ctx.app.inject({ method: op.method as 'GET', url, headers });
        const errors = res.statusCode === status && message ? (res.json() as { errors?: unknown }).errors : undefined;
        if (res.statusCode !== status) out.push(`${label(op)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (message && !(Array.isArray(errors) && errors.includes(message)))
          out.push(`${label(op)} → ${status} without '${message}': ${res.body.slice(0, 120)}`);
      }),
    );
  }
  return out.sort();
}

/** A login token of orgA's admin, signed with the app's key, that expired a minute ago. */
async function expiredToken() {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    name: 'Admin Teste',
    email: orgA.admin.email,
    roles: [ROLE_ADMIN],
    organizationId: orgA.organization.id,
    ver: 0,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(orgA.admin.id))
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

describe('the OpenAPI document states every access rule', () => {
  it('every operation has x-access', () => {
    expect(operations.length).toBeGreaterThan(50);
    const allowed = /^(public|portal|[\w.]+( feature:\w+)?)$/;
    expect(operations.filter((op) => !allowed.test(op.access)).map(label)).toEqual([]);
    const unknown = operations.filter((op) => isUsers(op) && !isPermission(permissionOf(op)!));
    expect(
      unknown.map((op) => `${label(op)} (${op.access})`),
      'permissions the map does not have',
    ).toEqual([]);
    const features = new Set<string>(featureNames);
    expect(operations.filter((op) => featureOf(op) && !features.has(featureOf(op)!)).map(label)).toEqual([]);
  });

  it('only the paths meant to be public are public', () => {
    const stray = operations.filter((op) => isPublic(op) && !PUBLIC_PREFIXES.some((p) => op.path.startsWith(p)));
    expect(stray.map(label), 'public operations outside the public paths').toEqual([]);
    // Every /organizations/ path needs a login, whatever its prefix.
    expect(operations.filter((op) => isPublic(op) && op.path.includes('{orgId}')).map(label)).toEqual([]);
  });

  it("the portal's operations are exactly those under its prefix", () => {
    const portal = operations.filter(isPortal);
    expect(portal.length).toBeGreaterThan(1);
    const misplaced = operations.filter((op) => isPortal(op) !== op.path.startsWith(PORTAL_PREFIX));
    expect(misplaced.map((op) => `${label(op)} (${op.access})`)).toEqual([]);
  });

  it('the Técnico role reaches only the operations listed as its own', () => {
    const technician = builtInRoles.technician.permissions;
    const open = operations.filter((op) => isUsers(op) && technician.has(permissionOf(op)!));
    const unlisted = open.filter((op) => !TECHNICIAN_OPERATIONS.some((entry) => names(entry, op)));
    expect(unlisted.map(label), 'operations open to Técnico that are not listed as such').toEqual([]);
    const stale = TECHNICIAN_OPERATIONS.filter((entry) => !open.some((op) => names(entry, op)));
    expect(stale, 'entries that name no operation open to Técnico').toEqual([]);
  });

  it("every operation under a feature's paths needs that feature", () => {
    const missing = operations.filter((op) =>
      Object.entries(FEATURE_PATHS).some(([feature, prefix]) => under(op.path, prefix) && featureOf(op) !== feature),
    );
    expect(missing.map((op) => `${label(op)} (${op.access})`)).toEqual([]);
  });
});

describe('every operation refuses what its access rule refuses', () => {
  it('a non-public operation without a token → 401', async () => {
    const ops = operations.filter((op) => !isPublic(op));
    expect(await misfits(ops, (op) => ({ url: urlFor(op, orgA.organization.id), headers: {} }), 401)).toEqual([]);
  });

  it('a portal operation with a login token (of any role) → 401', async () => {
    const ops = operations.filter(isPortal);
    for (const token of [orgA.admin.token, ...roleUsers.map((r) => r.token)])
      expect(
        await misfits(ops, (op) => ({ url: urlFor(op, orgA.organization.id), headers: orgA.as(token) }), 401),
      ).toEqual([]);
  });

  it('a non-public operation with a malformed, a wrongly signed or an expired token → 401', async () => {
    const ops = operations.filter((op) => !isPublic(op));
    const wrongKey = await new SignJWT({ organizationId: orgA.organization.id, roles: [ROLE_ADMIN], ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(orgA.admin.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret'));
    for (const token of ['not-a-token', wrongKey, await expiredToken()])
      expect(
        await misfits(ops, (op) => ({ url: urlFor(op, orgA.organization.id), headers: orgA.as(token) }), 401),
      ).toEqual([]);
  });

  it("an admin of organization A on organization B's path → 403, and nothing is written", async () => {
    const ops = operations.filter((op) => op.path.includes('{orgId}'));
    expect(ops.length).toBeGreaterThan(50);
    const before = await tableDigests(ctx.database.db);
    const refused = await misfits(
      ops,
      (op) => ({ url: urlFor(op, orgB.organization.id), headers: orgA.as(orgA.admin.token) }),
      403,
    );
    expect(refused).toEqual([]);
    const after = await tableDigests(ctx.database.db);
    expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual([]);
  });

  it('every operation × every role: 403 exactly when the role lacks the operation’s permission', async () => {
    const ops = operations.filter(isUsers);
    const wrong: string[] = [];
    for (const role of roleUsers) {
      for (let i = 0; i < ops.length; i += 8) {
        await Promise.all(
          ops.slice(i, i + 8).map(async (op) => {
            const res = await ctx.app.inject({
              method: op.method as 'GET',
              url: urlFor(op, orgA.organization.id),
              headers: orgA.as(role.token),
            });
            const allowed = role.permissions.has(permissionOf(op)!);
            if (allowed === (res.statusCode === 403))
              wrong.push(`${role.name}: ${label(op)} (${op.access}) → ${res.statusCode} ${res.body.slice(0, 80)}`);
          }),
        );
      }
    }
    expect(roleUsers.map((r) => r.name).sort()).toEqual(
      [...Object.values(builtInRoles).map((r) => r.name), 'Balcão'].sort(),
    );
    expect(wrong.sort()).toEqual([]);
    // Every operation for six roles, a few thousand requests: past the default 30 s on a busy machine.
  }, 180_000);

  it('a feature operation refuses an admin of an organization with the feature off → 403 featureDisabled', async () => {
    const ops = operations.filter((op) => featureOf(op));
    expect(ops.length).toBeGreaterThan(5);
    const org = (op: Operation) => withoutFeature.get(featureOf(op)!)!;
    expect(
      await misfits(
        ops,
        (op) => ({ url: urlFor(op, org(op).organization.id), headers: org(op).as(org(op).admin.token) }),
        403,
        messages.featureDisabled,
      ),
    ).toEqual([]);
  });
});
