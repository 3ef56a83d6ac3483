import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositMessages, EstimateStatus } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { estimateWorld } from '../../../test/estimate-fixtures.ts';

// The deposit ('entrada') an estimate asks: set on the estimate, offered by its Pix on the public page
// (the whole total never is), none without one; refused out of range on its field; versioned.
const t = perFile({ world: estimateWorld });

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

/** A shared estimate of R$ 360,00 (two services) of a company with a PIX key. */
async function sharedEstimate() {
  const db = t.ctx.database.db;
  await db
    .update(schema.companies)
    .set({ pixKey: 'financeiro@oficina.com.br' })
    .where(eq(schema.companies.id, t.world.company.id));
  const { id } = await t.world.createEstimate();
  await t.world.ok('POST', `/${id}/services`, { service: t.world.service.id, quantity: 2 });
  const token = tokenOf((await t.world.est('POST', `/${id}/share`)).json().url);
  const page = async () =>
    (await t.ctx.app.inject({ method: 'GET', url: `/api/public/estimates/${id}?token=${token}` })).json();
  return { id, page };
}

const setDeposit = (id: number, body: object) => t.world.est('POST', `/${id}/deposit`, body);

describe("the estimate's deposit", () => {
  it('no deposit: the public page offers no Pix; a percentage: its Pix is that part of the total', async () => {
    const { id, page } = await sharedEstimate();
    expect((await page()).pix).toBeNull();
    expect((await t.world.est('GET', `/${id}`)).json().deposit).toBeNull();

    const version = (await t.world.est('GET', `/${id}`)).json().version;
    const res = await setDeposit(id, { kind: 'percent', value: 30, version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deposit).toEqual({ kind: 'percent', value: 30, amount: 108 });
    expect((await page()).pix).toMatchObject({ amount: 108 });
    expect((await page()).total).toBe(360);

    // A percentage follows the total as lines change.
    await t.world.ok('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
    expect((await page()).pix).toMatchObject({ amount: 162 });
  });

  it('a value: offered as typed; above the total, a wrong percentage or none given are refused on the field', async () => {
    const { id, page } = await sharedEstimate();
    const bad = async (body: object, message: string) => {
      const res = await setDeposit(id, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ value: [message] });
    };
    await bad({ kind: 'percent', value: 0 }, depositMessages.percent);
    await bad({ kind: 'percent', value: 101 }, depositMessages.percent);
    await bad({ kind: 'value' }, depositMessages.value);
    await bad({ kind: 'value', value: 360.01 }, depositMessages.aboveTotal);
    expect((await t.world.est('GET', `/${id}`)).json().deposit).toBeNull();

    expect((await setDeposit(id, { kind: 'value', value: 150.5 })).json().deposit).toEqual({
      kind: 'value',
      value: 150.5,
      amount: 150.5,
    });
    expect((await page()).pix).toMatchObject({ amount: 150.5 });
    // Removed: no Pix again.
    expect((await setDeposit(id, { kind: 'none' })).json().deposit).toBeNull();
    expect((await page()).pix).toBeNull();
  });

  it('a stale version is a 409; a closed estimate keeps its deposit; the change is in the audit trail', async () => {
    const { id } = await sharedEstimate();
    const { version } = (await t.world.est('GET', `/${id}`)).json();
    expect((await setDeposit(id, { kind: 'percent', value: 50, version })).statusCode).toBe(200);
    const stale = await setDeposit(id, { kind: 'percent', value: 20, version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict.current).toMatchObject({ deposit: { kind: 'percent', value: 50 } });
    const audit = await t.world.auditOf(id);
    expect(JSON.stringify(audit.at(-1)!.data)).toContain('50%');

    await t.world.ok('PATCH', `/${id}`, { status: EstimateStatus.Completed }); // shared: already in progress
    expect((await setDeposit(id, { kind: 'none' })).statusCode).toBe(409);
  });
});
