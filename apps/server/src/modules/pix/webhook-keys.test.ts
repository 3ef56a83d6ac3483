import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPixStandIn, type PixStandIn } from '@ordem-certa/test-support/pix-psp-stand-in';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';
import { connectToStandIn } from '../../../test/pix-fixtures.ts';
import type { PixContext } from './pix-psp.service.ts';
import { followWebhookKeys } from './webhook-keys.ts';

// The webhook follows the company's PIX key: registered on it when the connection is saved, and again on
// the new key (the old one dropped) when the key is changed on the company's own tab afterwards, and at
// the new address when the server's APP_URL changes.
const t = worldPerFile({ config: { appUrl: 'https://oficina.example.com.br' } });
let psp: PixStandIn;
let ctx: PixContext;

beforeAll(async () => {
  psp = await startPixStandIn();
  ctx = { db: t.ctx.database.db, config: t.ctx.app.config, log: t.ctx.app.log };
});
afterAll(async () => {
  expect(psp.violations()).toEqual([]);
  await psp.close();
});

const base = () => `/api/organizations/${t.org.organization.id}/companies/${t.world.company.id}`;
const headers = () => t.org.as(t.org.admin.token);
const connection = async () =>
  (await t.ctx.app.inject({ url: `${base()}/pix-psp`, headers: headers() })).json().connection as {
    webhookUrl: string;
    webhookStatus: string;
  };

describe('the webhook follows the PIX key', () => {
  it('saved: registered on the key; the key changed: registered on the new one by the job, the old one removed, once', async () => {
    await connectToStandIn(t.ctx, t.org, t.world.company.id, psp, 'antiga@chaves.com.br');
    const { webhookUrl } = await connection();
    expect(psp.state.webhooks.get('antiga@chaves.com.br')?.webhookUrl).toBe(webhookUrl);
    expect(await followWebhookKeys(ctx)).toBe(0);

    const changed = await t.ctx.app.inject({
      method: 'PUT',
      url: `${base()}/pix`,
      headers: headers(),
      payload: { pixKey: 'nova@chaves.com.br' },
    });
    expect(changed.statusCode).toBe(200);
    // Until the job registers it, the tab says the webhook waits.
    expect((await connection()).webhookStatus).toBe('pending');
    const before = psp.requests.length;
    await Promise.all([followWebhookKeys(ctx), followWebhookKeys(ctx)]);
    expect(psp.state.webhooks.get('nova@chaves.com.br')?.webhookUrl).toBe(webhookUrl);
    expect(psp.state.webhooks.has('antiga@chaves.com.br')).toBe(false);
    expect(psp.requests.slice(before).map((r) => r.operationId)).toEqual([
      'PUT /webhook/{chave}',
      'DELETE /webhook/{chave}',
    ]);
    expect((await connection()).webhookStatus).toBe('registered');
    expect(await followWebhookKeys(ctx)).toBe(0);
  });

  it('the server under another APP_URL: the job registers the webhook again at the new address, once', async () => {
    const { webhookUrl } = await connection();
    const token = webhookUrl.split('/').pop();
    const moved: PixContext = { ...ctx, config: { ...ctx.config, appUrl: 'https://novo-endereco.example.com.br' } };
    const before = psp.requests.length;
    expect(await Promise.all([followWebhookKeys(moved), followWebhookKeys(moved)])).toEqual(
      expect.arrayContaining([1, 0]),
    );
    expect(psp.state.webhooks.get('nova@chaves.com.br')?.webhookUrl).toBe(
      `https://novo-endereco.example.com.br/api/pix/webhook/${token}`,
    );
    expect(psp.requests.slice(before).map((r) => r.operationId)).toEqual(['PUT /webhook/{chave}']);
    expect(await followWebhookKeys(moved)).toBe(0);
    // Back under the address of the connection's own screen.
    expect(await followWebhookKeys(ctx)).toBe(1);
    expect(psp.state.webhooks.get('nova@chaves.com.br')?.webhookUrl).toBe(webhookUrl);
  });
});
