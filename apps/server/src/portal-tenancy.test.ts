import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { createOrg, createTestApp, type TestContext } from '../test/helpers.ts';
import { estimateWorld } from '../test/estimate-fixtures.ts';
import { portalRecords, portalSession, type PortalRecords } from '../test/portal-fixtures.ts';
import { hashPortalToken } from './core/portal/portal-session.ts';
import { tableDigests } from '../test/row-counts.ts';

/**
 * The customer's portal walked from the OpenAPI document, as access.test.ts walks the users' routes: every
 * operation declared 'portal' is tried with the session of customer A1 of organization A on the records
 * of A2 (another customer of A) and of B1 (a customer of organization B): each is a 404 and nothing is
 * written; every list A1 reads holds none of theirs; an ended or expired session is a 401 everywhere.
 * A new portal route is walked without being named here, and one whose path names a record this file
 * cannot resolve fails until it is taught here.
 */

interface Operation {
  method: string;
  path: string;
}

/** Which record a path's parameter names, by the portal's first segment (and the parameter). */
const RECORD_OF: Record<string, (r: PortalRecords) => number> = {
  'orders:id': (r) => r.order.id,
  'orders:pictureId': (r) => r.visiblePicture.id,
  'estimates:id': (r) => r.estimate.id,
  'equipments:id': (r) => r.equipment.id,
  'nfse:id': (r) => r.nfse.id,
  'pmoc:id': (r) => r.plan.id,
  'pmoc:year': () => 2026,
  'service-requests:id': (r) => r.request.id,
};
const MARK = 'ALHEIO';

let ctx: TestContext;
let operations: Operation[];
let own: PortalRecords;
let others: PortalRecords[];
let session: { token: string; headers: Record<string, string> };

beforeAll(async () => {
  ctx = await createTestApp();
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op['x-access'] === 'portal')
      .map(([method]) => ({ method: method.toUpperCase(), path })),
  );
  const orgA = await createOrg(ctx);
  const orgB = await createOrg(ctx);
  const a = await estimateWorld(ctx, orgA);
  const b = await estimateWorld(ctx, orgB);
  own = await portalRecords(ctx, orgA, a, a.customer.id, 'PROPRIO');
  others = [
    await portalRecords(ctx, orgA, a, a.otherCustomer.id, `${MARK}-A2`),
    await portalRecords(ctx, orgB, b, b.customer.id, `${MARK}-B1`),
  ];
  session = await portalSession(ctx, orgA.organization.id, a.customer.id);
}, 120_000);
afterAll(() => ctx.close());

const label = (op: Operation) => `${op.method} ${op.path}`;
const params = (op: Operation) => [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const segment = (op: Operation) => op.path.slice('/api/portal/'.length).split('/')[0]!;
/** The operation's URL naming the records of `r`. */
const urlFor = (op: Operation, r: PortalRecords) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => String(RECORD_OF[`${segment(op)}:${name}`]!(r)));
const send = (op: Operation, url: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: op.method as 'GET',
    url,
    headers,
    ...(op.method === 'POST' ? { payload: { name: 'Cliente Teste' } } : {}),
  });

describe("the portal's operations, with two customers of two organizations", () => {
  it('the document lists the portal operations, and this file resolves every record their paths name', () => {
    expect(operations.length).toBeGreaterThan(8);
    const unknown = operations.flatMap((op) =>
      params(op)
        .filter((p) => !RECORD_OF[`${segment(op)}:${p}`])
        .map((p) => `${label(op)} {${p}}`),
    );
    expect(unknown).toEqual([]);
  });

  it("the customer's own records answer (so the 404s below are about whose records they are)", async () => {
    const gets = operations.filter((op) => op.method === 'GET' && params(op).length && !op.path.endsWith('.pdf'));
    expect(gets.length).toBeGreaterThan(3);
    const wrong: string[] = [];
    for (const op of gets) {
      const res = await send(op, urlFor(op, own), session.headers);
      if (res.statusCode !== 200) wrong.push(`${label(op)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("another customer's records, of the same organization or another, are a 404 and nothing is written", async () => {
    const before = await tableDigests(ctx.database.db);
    const wrong: string[] = [];
    for (const op of operations.filter((o) => params(o).length))
      for (const theirs of others) {
        const res = await send(op, urlFor(op, theirs), session.headers);
        if (res.statusCode !== 404)
          wrong.push(`${label(op)} ${urlFor(op, theirs)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    expect(wrong).toEqual([]);
    const after = await tableDigests(ctx.database.db);
    expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual([]);
  });

  it("every list and read without a record in its path shows none of another customer's data", async () => {
    const reads = operations.filter((op) => op.method === 'GET' && !params(op).length);
    expect(reads.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const op of reads) {
      const res = await send(op, op.path, session.headers);
      if (res.statusCode !== 200) wrong.push(`${label(op)} → ${res.statusCode}`);
      else if (res.body.includes(MARK)) wrong.push(`${label(op)} shows another customer's data`);
    }
    expect(wrong).toEqual([]);
  });

  it('an expired or ended session → 401 on every portal operation', async () => {
    const s = schema.portalSessions;
    const db = ctx.database.db;
    const check = async () => {
      const wrong: string[] = [];
      for (const op of operations) {
        const res = await send(op, params(op).length ? urlFor(op, own) : op.path, session.headers);
        if (res.statusCode !== 401) wrong.push(`${label(op)} → ${res.statusCode}`);
      }
      return wrong;
    };
    const mine = eq(s.tokenHash, hashPortalToken(session.token));
    await db
      .update(s)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(mine);
    expect(await check()).toEqual([]);
    await db
      .update(s)
      .set({ expiresAt: new Date(Date.now() + 86_400_000), endedAt: new Date() })
      .where(mine);
    expect(await check()).toEqual([]);
  });
});
