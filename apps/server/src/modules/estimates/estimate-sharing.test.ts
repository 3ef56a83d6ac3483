import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EstimateStatus } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { estimateWorld } from '../../../test/estimate-fixtures.ts';

// The estimate shared with its customer: the link (share, revoke, expiry, tenancy), the public page,
// the answer (approve with name and signature, decline with a reason), its evidence, one answer per
// link, an answer to an older version refused, the bell and the audit trail.
const t = perFile({ other: true, world: estimateWorld });
let drawn: string;

beforeAll(async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="M20 150 C 80 20, 160 20, 200 120 S 330 180, 380 40" stroke="#000" stroke-width="3" fill="none"/></svg>`;
  drawn = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
});

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const publicUrl = (id: number, token: string | undefined, action = '') =>
  `/api/public/estimates/${id}${action}${token !== undefined ? `?token=${encodeURIComponent(token)}` : ''}`;
const publicGet = (id: number, token?: string) => t.ctx.app.inject({ method: 'GET', url: publicUrl(id, token) });
const answer = (id: number, token: string | undefined, action: 'approve' | 'decline', payload: object) =>
  t.ctx.app.inject({
    method: 'POST',
    url: publicUrl(id, token, `/${action}`),
    payload,
    remoteAddress: '177.10.20.30',
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Teste' },
  });

/** A draft estimate with a service, a product and an equipment, shared; its id and token. */
async function shared() {
  const { id, number } = await t.world.createEstimate();
  await t.world.ok('POST', `/${id}/services`, { service: t.world.service.id, quantity: 2 });
  await t.world.ok('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1 });
  await t.world.ok('POST', `/${id}/equipments`, { equipment: t.world.equipment.id });
  const res = await t.world.est('POST', `/${id}/share`);
  expect(res.statusCode).toBe(200);
  return { id, number, token: tokenOf(res.json().url), share: res.json() };
}

describe('sharing an estimate', () => {
  it('gives a link for 30 days; a draft shared is a quote sent (Em Andamento); the detail shows the link', async () => {
    const { id, share } = await shared();
    expect(share.url).toMatch(new RegExp(`^/estimates/${id}/review\\?token=[\\w-]{32}$`));
    const days = (Date.parse(share.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const detail = (await t.world.est('GET', `/${id}`)).json();
    expect(detail).toMatchObject({ status: EstimateStatus.Wip, share, customerDecision: null });
  });

  it('a new link replaces the old one; a revoked link is a 404 like a wrong token or another id', async () => {
    const { id, token } = await shared();
    expect((await publicGet(id, token)).statusCode).toBe(200);
    const again = await t.world.est('POST', `/${id}/share`);
    const newToken = tokenOf(again.json().url);
    expect((await publicGet(id, token)).statusCode).toBe(404);
    expect((await publicGet(id, newToken)).statusCode).toBe(200);
    expect((await publicGet(id, `${newToken}x`)).statusCode).toBe(404);
    expect((await publicGet(id)).statusCode).toBe(404);
    const other = await t.world.createEstimate();
    expect((await publicGet(other.id, newToken)).statusCode).toBe(404);
    expect((await t.world.est('DELETE', `/${id}/share`)).statusCode).toBe(204);
    const gone = await publicGet(id, newToken);
    expect([gone.statusCode, gone.json().errors]).toEqual([404, ['Link inválido ou revogado']]);
    expect((await t.world.est('GET', `/${id}`)).json().share).toBeNull();
  });

  it('an expired link is a 410 that says to ask for a new one', async () => {
    const { id, token } = await shared();
    const db = t.ctx.database.db;
    await db
      .update(schema.estimates)
      .set({ shareExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.estimates.id, id));
    const res = await publicGet(id, token);
    expect([res.statusCode, res.json().errors]).toEqual([410, ['Este link expirou. Peça um novo link à empresa.']]);
    expect((await answer(id, token, 'approve', { name: 'Maria Cliente' })).statusCode).toBe(410);
    expect((await t.world.est('GET', `/${id}`)).json().share).toBeNull();
  });

  it('is the admin’s, of the own organization, and only while the estimate is open', async () => {
    const { id } = await t.world.createEstimate();
    const foreign = await t.theirs.est('POST', `/${id}/share`);
    expect(foreign.statusCode).toBe(404);
    const worker = await t.world.call(t.org.worker.token, 'POST', `/${id}/share`);
    expect(worker.statusCode).toBe(403);
    await t.world.moveTo(id, EstimateStatus.Canceled);
    const closed = await t.world.est('POST', `/${id}/share`);
    expect([closed.statusCode, closed.json().errors]).toEqual([
      409,
      ['Só é possível compartilhar um orçamento em Rascunho ou Em Andamento'],
    ]);
  });
});

describe('the public page and the answer', () => {
  it('shows the quote as sent and nothing internal', async () => {
    const { id, number, token } = await shared();
    await t.world.ok('POST', `/${id}/comments`, { type: 2, comment: 'Margem apertada' });
    const res = await publicGet(id, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(page).toMatchObject({
      id,
      number,
      companyName: t.world.company.name,
      customerName: t.world.customer.name,
      services: [{ name: 'Limpeza de split', quantity: 2, price: 180 }],
      equipments: [{ name: t.world.equipment.name }],
      changedSinceShared: false,
      canDecide: true,
      decision: null,
    });
    expect(page.total).toBe(page.subTotal - page.discount);
    expect(page.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(page)).not.toContain('Margem apertada');
  });

  it('approving: name and signature kept with the evidence; the estimate is Aprovado; the bell and the trail say so; a second answer is a 409', async () => {
    const { id, number, token } = await shared();
    const { contentHash } = (await publicGet(id, token)).json();
    const res = await answer(id, token, 'approve', { name: '  Maria Cliente ', signature: drawn, contentHash });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ canDecide: false, decision: { decision: 'approved', name: 'Maria Cliente' } });
    const detail = (await t.world.est('GET', `/${id}`)).json();
    expect(detail.status).toBe(EstimateStatus.Completed);
    expect(detail.customerDecision).toMatchObject({
      decision: 'approved',
      name: 'Maria Cliente',
      reason: null,
      ip: '177.10.20.30',
      userAgent: 'Mozilla/5.0 (iPhone) Teste',
      contentHash,
      signature: drawn,
    });
    const n = schema.notifications;
    const bell = await t.ctx.database.db
      .select()
      .from(n)
      .where(and(eq(n.userId, t.org.admin.id), eq(n.url, `/estimates/${id}/edit`)));
    expect(bell.map((b) => b.title)).toEqual([`Orçamento ${number} aprovado pelo cliente`]);
    const trail = await t.world.auditOf(id);
    const decided = trail.find((a) => JSON.stringify(a.data).includes('customerDecision'));
    expect(decided).toMatchObject({
      userId: null,
      data: [
        { field: 'customerDecision', before: null, after: 'aprovado por Maria Cliente' },
        { field: 'status', before: 'Em Andamento', after: 'Aprovado' },
      ],
    });
    const second = await answer(id, token, 'decline', { reason: 'Mudei de ideia' });
    expect([second.statusCode, second.json().errors]).toEqual([
      409,
      ['Este orçamento já foi respondido por este link'],
    ]);
  });

  it('declining: a reason, no name needed; the status stays for the office to decide; the admins hear the reason', async () => {
    const { id, number, token } = await shared();
    const res = await answer(id, token, 'decline', { reason: 'Achei caro' });
    expect(res.statusCode).toBe(200);
    expect(res.json().decision).toMatchObject({ decision: 'declined', name: null, reason: 'Achei caro' });
    const detail = (await t.world.est('GET', `/${id}`)).json();
    expect(detail.status).toBe(EstimateStatus.Wip);
    expect(detail.customerDecision).toMatchObject({ decision: 'declined', reason: 'Achei caro', signature: null });
    const n = schema.notifications;
    const [bell] = await t.ctx.database.db
      .select()
      .from(n)
      .where(eq(n.url, `/estimates/${id}/edit`));
    expect(bell).toMatchObject({
      title: `Orçamento ${number} recusado pelo cliente`,
      description: `O cliente recusou o Orçamento ${number} pelo link. Motivo: Achei caro`,
    });
    // A new link after a refusal takes a new answer.
    const again = tokenOf((await t.world.ok('POST', `/${id}/share`)).url);
    expect((await publicGet(id, again)).json()).toMatchObject({ canDecide: true, decision: null });
  });

  it('a change after sharing: the page says so, and an answer to the version shown before is a 409', async () => {
    const { id, token } = await shared();
    const before = (await publicGet(id, token)).json();
    await t.world.ok('POST', `/${id}/discount`, { discount: 10 });
    const after = (await publicGet(id, token)).json();
    expect(after).toMatchObject({ changedSinceShared: true, discount: 10 });
    expect(after.contentHash).not.toBe(before.contentHash);
    const stale = await answer(id, token, 'approve', { name: 'Maria Cliente', contentHash: before.contentHash });
    expect([stale.statusCode, stale.json().errors]).toEqual([
      409,
      ['Este orçamento foi alterado. Confira a nova versão antes de responder.'],
    ]);
    const fresh = await answer(id, token, 'approve', { name: 'Maria Cliente', contentHash: after.contentHash });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a missing name or a blank drawing on the field, and changes nothing', async () => {
    const { id, token } = await shared();
    const noName = await answer(id, token, 'approve', { name: ' ' });
    expect([noName.statusCode, noName.json().errors]).toEqual([422, { name: ['Informe seu nome'] }]);
    const white = await sharp({ create: { width: 300, height: 150, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer();
    const blank = await answer(id, token, 'approve', {
      name: 'Maria Cliente',
      signature: `data:image/png;base64,${white.toString('base64')}`,
    });
    expect([blank.statusCode, blank.json().errors]).toEqual([422, { signature: ['A assinatura está em branco'] }]);
    expect((await publicGet(id, token)).json()).toMatchObject({ canDecide: true, decision: null });
  });

  it('an organization without estimates answers 404 on its links', async () => {
    const { id, token } = await shared();
    const o = schema.organizations;
    const db = t.ctx.database.db;
    const [org] = await db.select({ features: o.features }).from(o).where(eq(o.id, t.org.organization.id));
    await db
      .update(o)
      .set({ features: { ...org!.features, estimates: false } })
      .where(eq(o.id, t.org.organization.id));
    try {
      expect((await publicGet(id, token)).statusCode).toBe(404);
    } finally {
      await db.update(o).set({ features: org!.features }).where(eq(o.id, t.org.organization.id));
    }
  });
});
