import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createSecondInstance, type TestContext, perFile, addSecondAdmin } from '../../test/helpers.ts';

let secondAdmin: string;
/** The slow probe write waits for this before answering. */
let finishSlow: () => void = () => {};
/** Resolved when the slow probe write has started. */
let slowStarted: () => void = () => {};
let slowRuns = 0;
const probe: FastifyPluginAsyncZod[] = [
  async (api) => {
    api.post('/organizations/:orgId/probe/slow', { config: { access: { can: 'organization.see' } } }, async () => {
      slowRuns++;
      slowStarted();
      await new Promise<void>((resolve) => (finishSlow = resolve));
      return { ran: slowRuns };
    });
  },
];

const t = perFile({ app: { extraModules: probe } });
beforeAll(async () => {
  secondAdmin = (await addSecondAdmin(t.ctx, t.org)).token;
});

const postService = (token: string, body: object, key?: string) =>
  t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${t.org.organization.id}/services`,
    headers: { ...t.org.as(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
const servicesNamed = async (name: string) =>
  t.ctx.database.db
    .select()
    .from(schema.services)
    .where(and(eq(schema.services.organizationId, t.org.organization.id), eq(schema.services.name, name)));

describe('Idempotency-Key on writes', () => {
  it('the same key twice: one write, and the first answer (status and body) again', async () => {
    const key = randomUUID();
    const first = await postService(t.org.admin.token, { name: 'Uma vez', price: 90 }, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await postService(t.org.admin.token, { name: 'Uma vez', price: 90 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await servicesNamed('Uma vez')).toHaveLength(1);
  });

  it('two users with the same key: two writes', async () => {
    const key = randomUUID();
    const a = await postService(t.org.admin.token, { name: 'Duas pessoas', price: 90 }, key);
    const b = await postService(secondAdmin, { name: 'Duas pessoas', price: 90 }, key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).not.toBe(a.json().id);
    expect(await servicesNamed('Duas pessoas')).toHaveLength(2);
  });

  it('the same key with another body: 422 in pt-BR, nothing written', async () => {
    const key = randomUUID();
    expect((await postService(t.org.admin.token, { name: 'Primeiro corpo', price: 90 }, key)).statusCode).toBe(201);
    const other = await postService(t.org.admin.token, { name: 'Outro corpo', price: 90 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ errors: { idempotencyKey: [idempotencyMessages.reusedKey] } });
    expect(await servicesNamed('Outro corpo')).toHaveLength(0);
  });

  it('without the header nothing changes: every request writes', async () => {
    for (let n = 0; n < 2; n++) {
      expect((await postService(t.org.admin.token, { name: 'Sem chave', price: 90 })).statusCode).toBe(201);
    }
    expect(await servicesNamed('Sem chave')).toHaveLength(2);
  });

  it('a malformed key is a 422 on the header, nothing written', async () => {
    const res = await postService(t.org.admin.token, { name: 'Chave ruim', price: 90 }, 'x'.repeat(201));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { idempotencyKey: [idempotencyMessages.invalidKey] } });
    expect(await servicesNamed('Chave ruim')).toHaveLength(0);
  });

  it('the same key while the first request still runs: 409 in pt-BR; afterwards the first answer', async () => {
    const key = randomUUID();
    const url = `/api/organizations/${t.org.organization.id}/probe/slow`;
    const send = () =>
      t.ctx.app.inject({ method: 'POST', url, headers: { ...t.org.as(t.org.admin.token), 'idempotency-key': key } });
    const before = slowRuns;
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const first = send();
    await started;
    const meanwhile = await send();
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toEqual({ errors: [idempotencyMessages.inFlight] });
    finishSlow();
    expect((await first).json()).toEqual({ ran: before + 1 });
    const after = await send();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ ran: before + 1 });
    expect(slowRuns).toBe(before + 1);
  });

  it('a key older than 7 days is forgotten: the write runs again', async () => {
    const key = randomUUID();
    expect((await postService(t.org.admin.token, { name: 'Antiga', price: 90 }, key)).statusCode).toBe(201);
    await t.ctx.database.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '8 days' WHERE key = ${key}`,
    );
    expect((await postService(t.org.admin.token, { name: 'Antiga', price: 90 }, key)).statusCode).toBe(201);
    expect(await servicesNamed('Antiga')).toHaveLength(2);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'the same key sent at once to two instances on one database: one write, one answer',
    async () => {
      const second = await createSecondInstance(t.ctx);
      try {
        const key = randomUUID();
        const send = (app: TestContext['app']) =>
          app.inject({
            method: 'POST',
            url: `/api/organizations/${t.org.organization.id}/services`,
            headers: { ...t.org.as(t.org.admin.token), 'idempotency-key': key },
            payload: { name: 'Duas instâncias', price: 90 },
          });
        const answers = await Promise.all([send(t.ctx.app), send(second.app), send(t.ctx.app), send(second.app)]);
        const created = answers.filter((r) => r.statusCode === 201);
        for (const r of answers) expect([201, 409], r.body).toContain(r.statusCode);
        expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
        expect(await servicesNamed('Duas instâncias')).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});
