import { beforeAll, expect, it } from 'vitest';
import { perFile, type TestContext, type TestOrg } from './helpers.ts';

/** A test file's app on a fresh database, and two organizations on it: the one tested and another. */
export interface Suite {
  ctx: TestContext;
  org: TestOrg;
  other: TestOrg;
}

/** `perFile` with the second organization: `const suite = twoOrganizations();` then `suite.ctx`, `suite.org`, `suite.other`. */
export function twoOrganizations(): Suite {
  return perFile({ other: true });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A route to try: method, path below the register's own, body. */
export type Route = [Method, string, object?];

/**
 * Calls to one register's routes: `base(o)` is its path for organization `o`
 * (e.g. `/api/organizations/1/tags`); `path` is what follows it.
 */
export function registerApi<TRow = { id: number }>(suite: Suite, base: (o: TestOrg) => string) {
  const call = (o: TestOrg, token: string | null, method: Method, path = '', payload?: object) =>
    suite.ctx.app.inject({
      method,
      url: `${base(o)}${path}`,
      headers: token ? o.as(token) : {},
      ...(payload ? { payload } : {}),
    });
  /** Creates a row as the organization's admin: 201, or the test fails with the answer. */
  const create = async (o: TestOrg, body: object) => {
    const res = await call(o, o.admin.token, 'POST', '', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TRow;
  };
  return { suite, base, call, create };
}
export type RegisterApi = ReturnType<typeof registerApi<unknown>>;

/** Expects `status` from every route, called as `token(org)` of the tested organization (null: no token). */
async function expectEveryRoute(
  api: RegisterApi,
  routes: Route[],
  token: (o: TestOrg) => string | null,
  status: number,
) {
  const { org } = api.suite;
  for (const [method, path, body] of routes) {
    expect((await api.call(org, token(org), method, path, body)).statusCode, `${method} ${path}`).toBe(status);
  }
}

/** "401 without a token on every route". */
export function itAsksForAToken(api: RegisterApi, routes: () => Route[], title = '401 without a token on every route') {
  it(title, () => expectEveryRoute(api, routes(), () => null, 401));
}

/** "403 for a collaborator on every route": the register is for admins. */
export function itIsForAdmins(
  api: RegisterApi,
  routes: () => Route[],
  title = '403 for a collaborator on every route',
) {
  it(title, () => expectEveryRoute(api, routes(), (o) => o.worker.token, 403));
}

/**
 * "403 for another organization's path; 404 for another organization's id": the tested
 * organization's admin cannot reach the other's path, and the other's admin finds none of the
 * tested organization's rows through `idRoutes`; `afterwards` checks what should not have changed.
 */
export function itKeepsOrganizationsApart(
  api: RegisterApi,
  idRoutes: () => Route[],
  opts: { title?: string; afterwards?: () => Promise<void> } = {},
) {
  it(opts.title ?? "403 for another organization's path; 404 for another organization's id", async () => {
    const { ctx, org, other } = api.suite;
    const res = await ctx.app.inject({ url: api.base(other), headers: org.as(org.admin.token) });
    expect(res.statusCode).toBe(403);
    for (const [method, path, body] of idRoutes()) {
      expect((await api.call(other, other.admin.token, method, path, body)).statusCode, `${method} ${path}`).toBe(404);
    }
    await opts.afterwards?.();
  });
}

/**
 * The access block of an admin register: 401 without a token and 403 for a collaborator on every
 * route, 403 on another organization's path and 404 for the other organization's admin on `idRoutes`.
 */
export function itChecksAccess(
  api: RegisterApi,
  spec: {
    routes: () => Route[];
    idRoutes: () => Route[];
    titles?: { collaborator?: string; apart?: string };
    afterwards?: () => Promise<void>;
  },
) {
  itAsksForAToken(api, spec.routes);
  itIsForAdmins(api, spec.routes, spec.titles?.collaborator);
  itKeepsOrganizationsApart(api, spec.idRoutes, { title: spec.titles?.apart, afterwards: spec.afterwards });
}

/**
 * `itChecksAccess` on one row the tested organization's admin makes from `row`, for a register whose
 * routes are the list, create, read and update: `write` is the body sent to create and update, and
 * `theirWrite` the update the other organization's admin tries on the row. `afterwards` gets the
 * row's id, to check what should not have changed.
 */
export function itChecksAccessOnOneRow(
  api: RegisterApi,
  spec: {
    row: object;
    write: object;
    theirWrite: object;
    titles?: { collaborator?: string; apart?: string };
    afterwards?: (id: number) => Promise<void>;
  },
) {
  let id: number;
  beforeAll(async () => {
    id = ((await api.create(api.suite.org, spec.row)) as { id: number }).id;
  });
  itChecksAccess(api, {
    routes: () => [
      ['GET', ''],
      ['POST', '', spec.write],
      ['GET', `/${id}`],
      ['PUT', `/${id}`, spec.write],
    ],
    idRoutes: () => [
      ['GET', `/${id}`],
      ['PUT', `/${id}`, spec.theirWrite],
    ],
    titles: spec.titles,
    afterwards: spec.afterwards && (() => spec.afterwards!(id)),
  });
}
