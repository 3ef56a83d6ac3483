import { describe, expect, it } from 'vitest';
import { messages } from '@ordem-certa/contracts';
import { perFile, addCompany } from '../../test/helpers.ts';
import { PNG_1x1 } from '../../test/factories.ts';

// Whatever the framework refuses before a route runs still answers in Portuguese, as { errors: [msg] }.
const t = perFile();

const english = /Unsupported|Media Type|Body cannot be empty|Unexpected|Route .* not found|too large/i;
const customers = () => `/api/organizations/${t.org.organization.id}/customers`;

describe('framework errors in pt-BR', () => {
  // A cut body cannot be read at all: a 400 (not a 500), told on the file field it was for.
  it('a multipart body cut in the middle of its file → 400 on the field, not 500', async () => {
    const company = await addCompany(t.ctx, t.org.organization.id);
    const boundary = '----cut0123';
    const whole = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG_1x1,
      PNG_1x1,
    ]);
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/companies/${company.id}/logo`,
      headers: { ...t.org.as(t.org.admin.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: whole.subarray(0, whole.length - 20),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ errors: { logo: [messages.invalidFormat] } });
  });

  it('unsupported media type → 415 in Portuguese', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: customers(),
      headers: { ...t.org.as(t.org.admin.token), 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ errors: [expect.stringMatching(/formato do conteúdo/i)] });
  });

  it('an empty JSON body → 400 in Portuguese', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: customers(),
      headers: { ...t.org.as(t.org.admin.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [expect.stringMatching(/vazio/)] });
  });

  it('malformed JSON → 400 in Portuguese', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: customers(),
      headers: { ...t.org.as(t.org.admin.token), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [expect.stringMatching(/JSON inválido/)] });
  });

  it('a body too large → 413 in Portuguese', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: customers(),
      headers: { ...t.org.as(t.org.admin.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(12 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: [expect.stringMatching(/grande demais/)] });
  });

  it('an unknown route under /api → 404 in Portuguese', async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: '/api/nao-existe', headers: t.org.as(t.org.admin.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Registro não encontrado.'] });
  });

  it('a path that cannot be decoded (FST_ERR_BAD_URL) → 400 in Portuguese', async () => {
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${t.org.organization.id}/customers/%E0%A4%A`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [expect.stringMatching(/endereço .*inválido/i)] });
    expect(res.body).not.toMatch(/valid url|FST_/);
  });

  it('none of them leaks an English message', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: customers(),
      headers: { ...t.org.as(t.org.admin.token), 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(res.body).not.toMatch(english);
  });
});
