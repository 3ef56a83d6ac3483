import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { createOrg, expectEachRoute } from '../../../test/helpers.ts';
import { APP_URL, whatsappPerFile } from '../../../test/whatsapp-fixtures.ts';
import { templateList } from './templates.ts';

const t = whatsappPerFile();
const base = (orgId: number) => `/api/organizations/${orgId}`;
const routes: Array<[string, string, unknown?]> = [
  ['GET', '/whatsapp/settings'],
  ['PUT', '/whatsapp/settings', { phoneNumberId: '12345678', businessAccountId: '12345678', verifyToken: 'abcdefgh' }],
  ['POST', '/whatsapp/settings/test'],
  ['GET', '/whatsapp/templates'],
  ['POST', '/whatsapp/templates/submit'],
  ['POST', '/whatsapp/templates/sync'],
];

describe('whatsapp/settings and templates: who may', () => {
  it('401 without a token', () => expectEachRoute(t.ctx, routes, 401, base(t.org.organization.id)));
  it("403 on another organization's path", () =>
    expectEachRoute(t.ctx, routes, 403, base(t.other.organization.id), t.org.as(t.org.admin.token)));
  it("403 for the organization's collaborator", () =>
    expectEachRoute(t.ctx, routes, 403, base(t.org.organization.id), t.org.as(t.org.worker.token)));
});

describe('GET/PUT whatsapp/settings', () => {
  it('answers the connection without the token or the secret, and the webhook URL to give Meta', async () => {
    const res = await t.world.api('GET', '/whatsapp/settings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      configured: true,
      phoneNumberId: t.world.business.phoneNumberId,
      businessAccountId: t.world.business.businessAccountId,
      hasAccessToken: true,
      hasAppSecret: true,
      verifyToken: t.world.business.verifyToken,
      enabled: true,
      webhookUrl: `${APP_URL}/api/whatsapp/webhook`,
      canStoreSecrets: true,
    });
    expect(res.body).not.toContain(t.world.business.accessToken);
    expect(res.body).not.toContain(t.world.business.appSecret);
    expect(Object.values(body.events).every(Boolean)).toBe(true);
  });

  it('keeps the token and the secret sealed in the database, bound to the organization', async () => {
    const [row] = await t.ctx.database.db
      .select()
      .from(schema.whatsappSettings)
      .where(eq(schema.whatsappSettings.organizationId, t.org.organization.id));
    expect(row!.accessToken).toMatch(/^v1:/);
    expect(row!.accessToken).not.toContain(t.world.business.accessToken);
    expect(row!.appSecret).not.toContain(t.world.business.appSecret);
    // The other organization's sealed token copied onto this row does not open here: 'Testar' says so.
    const [theirs] = await t.ctx.database.db
      .select({ accessToken: schema.whatsappSettings.accessToken })
      .from(schema.whatsappSettings)
      .where(eq(schema.whatsappSettings.organizationId, t.other.organization.id));
    await t.ctx.database.db
      .update(schema.whatsappSettings)
      .set({ accessToken: theirs!.accessToken })
      .where(eq(schema.whatsappSettings.organizationId, t.org.organization.id));
    const test = await t.world.api('POST', '/whatsapp/settings/test');
    expect(test.statusCode).toBe(422);
    await t.ctx.database.db
      .update(schema.whatsappSettings)
      .set({ accessToken: row!.accessToken })
      .where(eq(schema.whatsappSettings.organizationId, t.org.organization.id));
  });

  it('blank secrets keep the stored ones; sending cannot be enabled without them', async () => {
    const keep = await t.world.api('PUT', '/whatsapp/settings', {
      ...t.world.settings,
      accessToken: '',
      appSecret: null,
      events: { visitReminder: false },
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ hasAccessToken: true, hasAppSecret: true, events: { visitReminder: false } });
    expect((await t.world.api('POST', '/whatsapp/settings/test')).statusCode).toBe(200);
    await t.world.api('PUT', '/whatsapp/settings', t.world.settings);

    const third = await createOrg(t.ctx);
    const put = (payload: object) =>
      t.ctx.app.inject({
        method: 'PUT',
        url: `${base(third.organization.id)}/whatsapp/settings`,
        headers: third.as(third.admin.token),
        payload,
      });
    const first = { phoneNumberId: '99887766554433', businessAccountId: '99887766554434', verifyToken: 'terceira-org' };
    const noSecrets = await put({ ...first, enabled: true, accessToken: null, appSecret: '' });
    expect(noSecrets.statusCode).toBe(422);
    expect(noSecrets.json().errors).toEqual({
      accessToken: ['Informe para ativar o envio'],
      appSecret: ['Informe para ativar o envio'],
    });
    expect((await put({ ...first, enabled: false })).json()).toMatchObject({ enabled: false, hasAccessToken: false });
    expect((await put({ ...first, enabled: true, accessToken: 'tok', appSecret: 'seg' })).json()).toMatchObject({
      enabled: true,
      hasAccessToken: true,
      hasAppSecret: true,
    });
  });

  it("refuses another organization's number or verify token on its field, and bad ids", async () => {
    const taken = await t.world.api('PUT', '/whatsapp/settings', {
      ...t.world.settings,
      phoneNumberId: t.theirs.business.phoneNumberId,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.phoneNumberId).toEqual([
      'Este número de telefone já está conectado a outra organização',
    ]);
    const token = await t.world.api('PUT', '/whatsapp/settings', {
      ...t.world.settings,
      verifyToken: t.theirs.business.verifyToken,
    });
    expect(token.json().errors.verifyToken).toEqual(['Escolha outro token de verificação']);
    const bad = await t.world.api('PUT', '/whatsapp/settings', { ...t.world.settings, phoneNumberId: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['phoneNumberId']);
    // Nothing changed.
    expect((await t.world.api('GET', '/whatsapp/settings')).json().phoneNumberId).toBe(t.world.business.phoneNumberId);
  });
});

describe("'Testar'", () => {
  it("reads the number's details from the Cloud API and keeps them", async () => {
    const res = await t.world.api('POST', '/whatsapp/settings/test');
    expect(res.statusCode).toBe(200);
    expect(res.json().phoneNumber).toMatchObject({
      displayPhoneNumber: '+55 11 4000-1234',
      verifiedName: `Oficina ${t.org.organization.id}`,
      qualityRating: 'GREEN',
    });
    expect(
      t.standIn.requests.some((r) => r.method === 'GET' && r.path.endsWith(`/${t.world.business.phoneNumberId}`)),
    ).toBe(true);
  });

  it('says on the token field when Meta refuses it, and changes nothing', async () => {
    await t.world.api('PUT', '/whatsapp/settings', { ...t.world.settings, accessToken: 'EAAG-revogado' });
    const res = await t.world.api('POST', '/whatsapp/settings/test');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.accessToken[0]).toMatch(/token de acesso expirou.*código 190/);
    await t.world.api('PUT', '/whatsapp/settings', t.world.settings);
  });
});

describe('the templates', () => {
  it('were submitted as Meta takes them and are listed with their approval', async () => {
    const created = t.standIn.templates(t.world.business.businessAccountId);
    expect([...created.keys()].sort()).toEqual(templateList.map((p) => p.name).sort());
    const reminder = created.get('oc_lembrete_visita_v1')!;
    expect(reminder).toMatchObject({ category: 'UTILITY', language: 'pt_BR', quickReplies: ['Confirmar', 'Remarcar'] });
    const res = await t.world.api('GET', '/whatsapp/templates');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<{ name: string; status: string; buttons: string[]; body: string }>;
    expect(list).toHaveLength(templateList.length);
    expect(list.every((x) => x.status === 'APPROVED')).toBe(true);
    expect(list.find((x) => x.name === 'oc_lembrete_visita_v1')!.buttons).toEqual(['Confirmar', 'Remarcar']);
  });

  it("submitting again creates nothing twice; Meta's verdict by webhook is recorded", async () => {
    const before = t.standIn.requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/message_templates'),
    ).length;
    expect((await t.world.api('POST', '/whatsapp/templates/submit')).statusCode).toBe(200);
    const after = t.standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/message_templates')).length;
    expect(after).toBe(before);
    await t.standIn.setTemplateStatus(
      t.world.business.businessAccountId,
      'oc_parcela_vencida_v1',
      'PAUSED',
      'Baixa qualidade',
    );
    const list = (await t.world.api('GET', '/whatsapp/templates')).json().data as Array<{
      name: string;
      status: string;
    }>;
    expect(list.find((x) => x.name === 'oc_parcela_vencida_v1')!.status).toBe('PAUSED');
    // The other organization's templates are untouched.
    const theirs = await t.ctx.database.db.execute(
      sql`SELECT status FROM whatsapp_templates WHERE organization_id = ${t.other.organization.id} AND name = 'oc_parcela_vencida_v1'`,
    );
    expect((theirs as unknown as { rows: Array<{ status: string }> }).rows[0]!.status).toBe('APPROVED');
    await t.standIn.setTemplateStatus(t.world.business.businessAccountId, 'oc_parcela_vencida_v1', 'APPROVED');
  });

  it("'Atualizar' reads the states from the account, every page", async () => {
    const waba = t.world.business.businessAccountId;
    for (let n = 0; n < 120; n++)
      t.standIn.putTemplate(waba, {
        name: `outro_modelo_${n}`,
        language: 'pt_BR',
        category: 'MARKETING',
        status: 'APPROVED',
        rejectedReason: null,
        body: 'Oi',
        parameters: 0,
        footer: null,
        quickReplies: [],
      });
    t.standIn.templates(waba).get('oc_pagamento_recebido_v1')!.status = 'REJECTED';
    t.standIn.templates(waba).get('oc_pagamento_recebido_v1')!.rejectedReason = 'INVALID_FORMAT';
    // Moved to the end of the listing, past the first page.
    const moved = t.standIn.templates(waba).get('oc_pagamento_recebido_v1')!;
    moved.id = '999999';
    const res = await t.world.api('POST', '/whatsapp/templates/sync');
    expect(res.statusCode).toBe(200);
    const row = (res.json().data as Array<{ name: string; status: string; rejectedReason: string }>).find(
      (x) => x.name === 'oc_pagamento_recebido_v1',
    );
    expect(row).toMatchObject({ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT' });
  });
});
