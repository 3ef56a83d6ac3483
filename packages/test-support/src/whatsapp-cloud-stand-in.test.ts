import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign, startWhatsAppStandIn, type WhatsAppStandIn } from './whatsapp-cloud-stand-in.ts';
import { checkMessage, checkTemplate } from './whatsapp-cloud-stand-in/rules.ts';

// The stand-in holds the app to Meta's rules: it must refuse what Meta refuses.

let standIn: WhatsAppStandIn;
const received: Array<{ body: string; signature: string }> = [];
const business = {
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  accessToken: 'token-certo',
  appSecret: 'segredo',
  displayPhoneNumber: '+55 11 4000-1234',
  verifiedName: 'Oficina',
  webhook: async (body: string, signature: string) => {
    received.push({ body, signature });
    return 200;
  },
};
beforeAll(async () => {
  standIn = await startWhatsAppStandIn({ control: true });
  standIn.addBusiness(business);
});
afterAll(() => standIn.close());

const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${standIn.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${init.token ?? business.accessToken}`, 'content-type': 'application/json' },
  });

const template = (text: string, example: string[], extra: object[] = []) => ({
  name: 'aviso_v1',
  language: 'pt_BR',
  category: 'UTILITY',
  components: [{ type: 'BODY', text, example: { body_text: [example] } }, ...extra],
});

describe('templates as Meta checks them', () => {
  it('refuses a variable at the start or the end, side by side, out of order, or without an example', () => {
    expect(checkTemplate(template('{{1}}, seu pedido chegou.', ['Ana']))).toMatchObject({ code: 100 });
    expect(checkTemplate(template('Seu pedido é {{1}}', ['12']))).toMatchObject({ code: 100 });
    expect(checkTemplate(template('Olá {{1}} {{2}}, tudo bem?', ['Ana', 'Maria']))).toMatchObject({ code: 100 });
    expect(checkTemplate(template('Olá {{2}}, tudo bem?', ['Ana']))).toMatchObject({ code: 100 });
    expect(checkTemplate(template('Olá {{1}}, tudo bem?', []))).toMatchObject({ code: 100 });
    expect(checkTemplate({ ...template('Olá {{1}}, tudo bem?', ['Ana']), name: 'Aviso V1' })).toMatchObject({
      code: 100,
    });
    expect(checkTemplate(template('Olá {{1}}, tudo bem?', ['Ana']))).toHaveProperty('template.parameters', 1);
  });

  it('are created, listed and signed back to the app when their state changes', async () => {
    const created = await call(`/${business.businessAccountId}/message_templates`, {
      method: 'POST',
      body: JSON.stringify(
        template(
          'Olá {{1}}, sua visita é amanhã.',
          ['Ana'],
          [{ type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Confirmar' }] }],
        ),
      ),
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ status: 'APPROVED', category: 'UTILITY' });
    const again = await call(`/${business.businessAccountId}/message_templates`, {
      method: 'POST',
      body: JSON.stringify(template('Olá {{1}}, sua visita é amanhã.', ['Ana'])),
    });
    expect((await again.json()).error).toMatchObject({ code: 100, error_subcode: 2388024 });
    await standIn.idle();
    const last = received.at(-1)!;
    expect(last.signature).toBe(sign(last.body, business.appSecret));
    expect(JSON.parse(last.body).entry[0].changes[0]).toMatchObject({
      field: 'message_template_status_update',
      value: { event: 'APPROVED', message_template_name: 'aviso_v1' },
    });
    const list = await (await call(`/${business.businessAccountId}/message_templates?limit=10`)).json();
    expect(list.data.map((t: { name: string }) => t.name)).toEqual(['aviso_v1']);
  });
});

describe('messages as Meta checks them', () => {
  it('refuses a wrong token, an unknown template and a wrong number of parameters', async () => {
    const body = (parameters: string[]) =>
      JSON.stringify({
        messaging_product: 'whatsapp',
        to: '5511987654321',
        type: 'template',
        template: {
          name: 'aviso_v1',
          language: { code: 'pt_BR' },
          components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
        },
      });
    const path = `/${business.phoneNumberId}/messages`;
    expect((await (await call(path, { method: 'POST', body: body(['Ana']), token: 'outro' })).json()).error.code).toBe(
      190,
    );
    expect((await (await call(path, { method: 'POST', body: body([]) })).json()).error.code).toBe(132000);
    expect((await (await call(path, { method: 'POST', body: body(['Ana\nMaria']) })).json()).error.code).toBe(132018);
    const ok = await call(path, { method: 'POST', body: body(['Ana']) });
    expect(ok.status).toBe(200);
    const { messages } = await ok.json();
    await standIn.idle();
    const statuses = received.slice(-2).map((r) => JSON.parse(r.body).entry[0].changes[0].value.statuses[0]);
    expect(statuses.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
      [messages[0].id, 'sent'],
      [messages[0].id, 'delivered'],
    ]);
    expect(
      checkMessage({ messaging_product: 'whatsapp', to: '55', type: 'text', text: { body: 'x' } }, () => undefined),
    ).toMatchObject({ code: 100 });
  });

  it('answers failures on demand, with Retry-After', async () => {
    standIn.failNext({ status: 429, code: 130429, retryAfter: 7 });
    const res = await call(`/${business.phoneNumberId}/messages`, {
      method: 'POST',
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '5511987654321', type: 'text', text: { body: 'oi' } }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect((await res.json()).error.code).toBe(130429);
  });

  it('lets another process read what went and make a customer press a button', async () => {
    const sent = await (await fetch(`${standIn.url.replace(/\/v[\d.]+$/, '')}/_stand-in/sent`)).json();
    const last = sent.data.at(-1);
    const pressed = await fetch(`${standIn.url.replace(/\/v[\d.]+$/, '')}/_stand-in/press`, {
      method: 'POST',
      body: JSON.stringify({
        phoneNumberId: business.phoneNumberId,
        from: '5511987654321',
        contextId: last.id,
        payload: 'p',
        text: 'Confirmar',
      }),
    });
    expect(pressed.status).toBe(200);
    const message = JSON.parse(received.at(-1)!.body).entry[0].changes[0].value.messages[0];
    expect(message).toMatchObject({
      type: 'button',
      button: { payload: 'p', text: 'Confirmar' },
      context: { id: last.id },
    });
  });
});
