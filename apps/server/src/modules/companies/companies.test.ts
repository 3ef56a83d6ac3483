import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  completeCnpj,
  DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE,
  DEFAULT_WHATSAPP_TEMPLATE,
  fileMessages,
  formatCnpj,
  IMAGE_MAX_BYTES,
  PersonType,
} from '@ordem-certa/contracts';
import { createOrg, type TestOrg, perFile, expectEachRoute } from '../../../test/helpers.ts';
import { JPEG_HEAD, multipart, newCnpj, newCpf, PNG_1x1 } from '../../../test/factories.ts';

const t = perFile({ other: true });
let companyId: number;
let otherCompanyId: number;

const base = (o: TestOrg) => `/api/organizations/${o.organization.id}/companies`;
const legal = (over: Record<string, unknown> = {}) => ({
  type: PersonType.Juridical,
  identifier: formatCnpj(newCnpj()),
  name: 'Refrigeração Polar Ltda',
  alias: 'Polar',
  email: 'contato@polar.com.br',
  phone: '(11) 3456-7890',
  ...over,
});

async function create(o: TestOrg, body: Record<string, unknown>) {
  return t.ctx.app.inject({ method: 'POST', url: base(o), headers: o.as(o.admin.token), payload: body });
}

beforeAll(async () => {
  companyId = (await create(t.org, legal())).json().id;
  otherCompanyId = (await create(t.other, legal())).json().id;
});

const png = () => multipart('logo', PNG_1x1, 'logo.png', 'image/png');

/** Every company route, as [method, path under companies, payload]. */
const routes = (id: number): Array<[string, string, unknown?]> => [
  ['GET', ''],
  ['POST', '', legal()],
  ['GET', `/${id}`],
  ['PUT', `/${id}`, { type: 1, name: 'x', alias: 'y' }],
  ['POST', `/${id}/email`, { emailSubject: 'x' }],
  ['GET', `/${id}/whatsapp`],
  ['PUT', `/${id}/whatsapp`, { whatsappTemplate: 'Olá {{link}}' }],
  ['POST', `/${id}/sign`, { signature: `data:image/png;base64,${PNG_1x1.toString('base64')}` }],
  ['GET', `/${id}/logo`],
  ['DELETE', `/${id}/logo`],
  ['GET', `/${id}/signature-image`],
  ['DELETE', `/${id}/signature-image`],
];

describe('access to every company route', () => {
  /** Uploads the test logo to company `id` under the tested organization's path. */
  const uploadLogo = (id: number, headers: Record<string, string> = {}) => {
    const up = png();
    return t.ctx.app.inject({
      method: 'POST',
      url: `${base(t.org)}/${id}/logo`,
      payload: up.payload,
      headers: { ...up.headers, ...headers },
    });
  };

  it('401 without a token', async () => {
    await expectEachRoute(t.ctx, routes(companyId), 401, base(t.org));
    expect((await uploadLogo(companyId)).statusCode).toBe(401);
  });

  it('403 for a collaborator', async () => {
    const worker = t.org.as(t.org.worker.token);
    await expectEachRoute(t.ctx, routes(companyId), 403, base(t.org), worker);
    expect((await uploadLogo(companyId, worker)).statusCode).toBe(403);
  });

  it("403 with another organization's id in the path", () =>
    expectEachRoute(t.ctx, routes(otherCompanyId), 403, base(t.other), t.org.as(t.org.admin.token)));

  it("404 for another organization's company, and nothing changes", async () => {
    const admin = t.org.as(t.org.admin.token);
    await expectEachRoute(
      t.ctx,
      routes(otherCompanyId).filter(([, p]) => p !== ''),
      404,
      base(t.org),
      admin,
    );
    expect((await uploadLogo(otherCompanyId, admin)).statusCode).toBe(404);
    const theirs = await t.ctx.app.inject({
      url: `${base(t.other)}/${otherCompanyId}`,
      headers: t.other.as(t.other.admin.token),
    });
    expect(theirs.json()).toMatchObject({ name: 'Refrigeração Polar Ltda', signature: null, hasLogo: false });
  });

  it('404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '-1']) {
      const res = await t.ctx.app.inject({ url: `${base(t.org)}/${id}`, headers: t.org.as(t.org.admin.token) });
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('POST companies', () => {
  it('creates a legal entity: 201 with the normalized fields', async () => {
    const identifier = newCnpj();
    const res = await create(t.org, legal({ identifier: formatCnpj(identifier), email: 'Financeiro@Polar.com.br' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: expect.any(Number),
      type: 1,
      identifier,
      alias: 'Polar',
      email: 'financeiro@polar.com.br',
      phone: '(11) 3456-7890',
      phoneE164: '+551134567890',
      hasLogo: false,
      hasSignatureImage: false,
      signature: null,
    });
  });

  it('creates an individual: alias dropped, e-mail and phone optional', async () => {
    const cpf = newCpf();
    const res = await create(t.org, {
      type: 2,
      identifier: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
      name: 'José Técnico',
      alias: 'ignorado',
      email: '',
      phone: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 2, identifier: cpf, alias: null, email: null, phone: null });
  });

  it('accepts an alphanumeric CNPJ in lower case and stores it upper-case', async () => {
    const cnpj = completeCnpj(`A${Date.now().toString(36).toUpperCase().slice(-7)}0001`);
    const res = await create(t.org, legal({ identifier: cnpj.toLowerCase() }));
    expect(res.statusCode).toBe(201);
    expect(res.json().identifier).toBe(cnpj);
  });

  it('422 per field', async () => {
    const res = await create(t.org, {});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['identifier', 'name', 'type']);

    const bad = await create(t.org, {
      type: 1,
      identifier: '11.222.333/0001-82',
      name: ' ',
      email: 'a@',
      phone: '123',
    });
    expect(bad.json().errors).toEqual({
      identifier: ['CNPJ inválido'],
      name: ['Este campo é obrigatório'],
      alias: ['Este campo é obrigatório'],
      email: ['E-mail inválido'],
      phone: ['Telefone inválido'],
    });
    expect((await create(t.org, legal({ type: 3 }))).json().errors).toEqual({ type: ['Este campo é obrigatório'] });
  });

  it('CPF/CNPJ edge cases', async () => {
    const cpfErr = async (identifier: string) =>
      (await create(t.org, { type: 2, identifier, name: 'x' })).json().errors?.identifier;
    const cnpjErr = async (identifier: string) =>
      (await create(t.org, legal({ identifier }))).json().errors?.identifier;
    expect(await cpfErr('111.111.111-11')).toEqual(['CPF inválido']);
    expect(await cpfErr('529.982.247-26')).toEqual(['CPF inválido']);
    expect(await cpfErr('529.982.247-2A')).toEqual(['CPF inválido']);
    expect(await cpfErr('5299822472')).toEqual(['CPF inválido']);
    expect(await cpfErr('11.222.333/0001-81')).toEqual(['CPF inválido']);
    expect(await cnpjErr('00.000.000/0000-00')).toEqual(['CNPJ inválido']);
    expect(await cnpjErr('11.222.333/0001-82')).toEqual(['CNPJ inválido']);
    expect(await cnpjErr('12.ABC.345/01DE-36')).toEqual(['CNPJ inválido']);
    expect(await cnpjErr('12.ABC.345/01DE-3A')).toEqual(['CNPJ inválido']);
    expect(await cnpjErr('')).toEqual(['Este campo é obrigatório']);
    // Valid ones, with and without punctuation (fresh organization so they are not duplicates).
    const fresh = await createOrg(t.ctx);
    expect((await create(fresh, legal({ identifier: '12.ABC.345/01DE-35' }))).statusCode).toBe(201);
    expect((await create(fresh, legal({ identifier: '11222333000181' }))).statusCode).toBe(201);
    expect((await create(fresh, { type: 2, identifier: '529.982.247-25', name: 'x' })).statusCode).toBe(201);
  });

  it('a second company with the same identifier in the organization: 422 on identifier; another organization may', async () => {
    const identifier = newCnpj();
    expect((await create(t.org, legal({ identifier }))).statusCode).toBe(201);
    const dup = await create(t.org, legal({ identifier: formatCnpj(identifier) }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ identifier: ['Já existe um cadastro com este CNPJ'] });
    expect((await create(t.other, legal({ identifier }))).statusCode).toBe(201);
  });
});

describe('GET companies (list)', () => {
  let listOrg: TestOrg;
  const cnpj = newCnpj();
  beforeAll(async () => {
    listOrg = await createOrg(t.ctx);
    await create(listOrg, legal({ name: 'Climatização São João Ltda', alias: 'Clima SJ', identifier: cnpj }));
    await create(listOrg, { type: 2, identifier: newCpf(), name: 'Ana Técnica', email: 'ana@tecnica.com.br' });
    for (let i = 0; i < 3; i++) await create(listOrg, legal({ name: `Filial ${i}` }));
  });
  const list = (query: string) =>
    t.ctx.app.inject({ url: `${base(listOrg)}?${query}`, headers: listOrg.as(listOrg.admin.token) });

  it('is paginated with the real total, ordered by name', async () => {
    const res = await list('take=2&skip=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ total: 5, skip: 1, take: 2 });
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['Climatização São João Ltda', 'Filial 0']);
    expect((await list('skip=50')).json()).toEqual({ data: [], meta: { total: 5, skip: 50, take: 25 } });
  });

  it('q is accent- and case-insensitive over name, alias, identifier and e-mail', async () => {
    const names = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).json().data.map((c: { name: string }) => c.name);
    expect(await names('sao joao')).toEqual(['Climatização São João Ltda']);
    expect(await names('CLIMA sj')).toEqual(['Climatização São João Ltda']);
    expect(await names(formatCnpj(cnpj))).toEqual(['Climatização São João Ltda']);
    expect(await names(cnpj.slice(2, 8))).toEqual(['Climatização São João Ltda']);
    expect(await names('ana@tecnica')).toEqual(['Ana Técnica']);
    expect(await names('100% nada')).toEqual([]);
  });

  it('only lists the organization of the token', async () => {
    const res = await t.ctx.app.inject({ url: base(t.other), headers: t.other.as(t.other.admin.token) });
    expect(res.json().data.every((c: { name: string }) => !c.name.startsWith('Filial'))).toBe(true);
  });

  it('422 on a bad take', async () => {
    expect((await list('take=0')).statusCode).toBe(422);
  });
});

describe('PUT companies/{id}', () => {
  it('updates the identity but never the identifier', async () => {
    const res = await t.ctx.app.inject({
      method: 'PUT',
      url: `${base(t.org)}/${companyId}`,
      headers: t.org.as(t.org.admin.token),
      payload: { type: 1, identifier: newCnpj(), name: 'Polar Climatização', alias: 'Polar 2', email: '', phone: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Polar Climatização', alias: 'Polar 2', email: null, phone: null });
    const before = (
      await t.ctx.app.inject({ url: `${base(t.org)}/${companyId}`, headers: t.org.as(t.org.admin.token) })
    ).json();
    expect(before.identifier).not.toBe(undefined);
    expect(res.json().identifier).toBe(before.identifier);
  });

  it('422: the type is locked; alias required for legal entities', async () => {
    const put = (payload: object) =>
      t.ctx.app.inject({
        method: 'PUT',
        url: `${base(t.org)}/${companyId}`,
        headers: t.org.as(t.org.admin.token),
        payload,
      });
    expect((await put({ type: 2, name: 'x' })).json().errors).toEqual({ type: ['O tipo não pode ser alterado'] });
    expect((await put({ type: 1, name: '', alias: '' })).json().errors).toEqual({
      name: ['Este campo é obrigatório'],
      alias: ['Este campo é obrigatório'],
    });
  });
});

describe('POST companies/{id}/email', () => {
  const post = (payload: object) =>
    t.ctx.app.inject({
      method: 'POST',
      url: `${base(t.org)}/${companyId}/email`,
      headers: t.org.as(t.org.admin.token),
      payload,
    });

  it('422 without a subject', async () => {
    const res = await post({ emailSubject: '', emailBody: '<p>x</p>' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ emailSubject: ['Este campo é obrigatório'] });
  });

  it('saves the template; the HTML keeps formatting and loses scripts, handlers and javascript: links', async () => {
    const res = await post({
      emailSubject: 'Orçamento {{numero}} para {{cliente}}',
      emailBody:
        '<p><b>Olá</b> <i>cliente</i><script>alert(1)</script></p><img src=x onerror="alert(2)"><ul><li>um</li></ul>' +
        '<a href="javascript:alert(3)">mau</a> <a href="https://ordemcerta.com.br">bom</a>',
      emailSignature: '<h2 onclick="x()">Equipe</h2><iframe src="https://x"></iframe>',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.emailSubject).toBe('Orçamento {{numero}} para {{cliente}}');
    expect(body.emailBody).toContain('<b>Olá</b>');
    expect(body.emailBody).toContain('<ul><li>um</li></ul>');
    expect(body.emailBody).toContain('<a href="https://ordemcerta.com.br">bom</a>');
    expect(body.emailBody).not.toMatch(/script|onerror|javascript:|<img/i);
    expect(body.emailSignature).toBe('<h2>Equipe</h2>');
    const again = await t.ctx.app.inject({ url: `${base(t.org)}/${companyId}`, headers: t.org.as(t.org.admin.token) });
    expect(again.json().emailBody).toBe(body.emailBody);
  });
});

describe('companies/{id}/whatsapp', () => {
  const put = (payload: object) =>
    t.ctx.app.inject({
      method: 'PUT',
      url: `${base(t.org)}/${companyId}/whatsapp`,
      headers: t.org.as(t.org.admin.token),
      payload,
    });
  const read = async () => {
    const res = await t.ctx.app.inject({
      url: `${base(t.org)}/${companyId}/whatsapp`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(res.statusCode).toBe(200);
    return res.json().template;
  };
  const readEstimate = async () =>
    (
      await t.ctx.app.inject({ url: `${base(t.org)}/${companyId}/whatsapp`, headers: t.org.as(t.org.admin.token) })
    ).json().estimateTemplate;
  const company = async () =>
    (await t.ctx.app.inject({ url: `${base(t.org)}/${companyId}`, headers: t.org.as(t.org.admin.token) })).json();

  it('saves the template, trimmed; GET answers it and the company carries it; blank goes back to the default', async () => {
    expect(await read()).toBe(DEFAULT_WHATSAPP_TEMPLATE);
    expect((await company()).whatsappTemplate).toBeNull();
    const template = 'Oi, {{cliente}}! OS nº {{numero}} da {{empresa}}: {{link}}';
    const res = await put({ whatsappTemplate: `  ${template}\n` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().whatsappTemplate).toBe(template);
    expect(await read()).toBe(template);
    expect((await company()).whatsappTemplate).toBe(template);
    expect((await put({ whatsappTemplate: '   ' })).json().whatsappTemplate).toBeNull();
    expect(await read()).toBe(DEFAULT_WHATSAPP_TEMPLATE);
  });

  it("keeps the estimate's message beside the order's; each left out goes back to its own default", async () => {
    expect(await readEstimate()).toBe(DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE);
    const order = 'OS {{numero}}: {{link}}';
    const estimate = 'Orçamento {{numero}} para aprovar: {{link}}';
    const res = await put({ whatsappTemplate: order, whatsappEstimateTemplate: estimate });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ whatsappTemplate: order, whatsappEstimateTemplate: estimate });
    expect(await read()).toBe(order);
    expect(await readEstimate()).toBe(estimate);
    const noLink = await put({ whatsappTemplate: order, whatsappEstimateTemplate: 'Sem link' });
    expect(noLink.json()).toEqual({
      errors: { whatsappEstimateTemplate: ['A mensagem deve conter {{link}}, para o cliente receber o link'] },
    });
    expect(await readEstimate()).toBe(estimate);
    await put({ whatsappTemplate: order });
    expect(await read()).toBe(order);
    expect(await readEstimate()).toBe(DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE);
  });

  it('422 in pt-BR on the field: longer than 1000 characters, or without the link; nothing changes', async () => {
    await put({ whatsappTemplate: 'Antes: {{link}}' });
    const long = await put({ whatsappTemplate: `${'x'.repeat(992)} {{link}}` });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ errors: { whatsappTemplate: ['A mensagem deve ter no máximo 1000 caracteres'] } });
    const noLink = await put({ whatsappTemplate: 'Olá {{cliente}}' });
    expect(noLink.statusCode).toBe(422);
    expect(noLink.json()).toEqual({
      errors: { whatsappTemplate: ['A mensagem deve conter {{link}}, para o cliente receber o link'] },
    });
    const wrongType = await put({ whatsappTemplate: 12 });
    expect(wrongType.statusCode).toBe(422);
    expect(await read()).toBe('Antes: {{link}}');
  });
});

describe('POST companies/{id}/sign', () => {
  const sign = (signature: unknown) =>
    t.ctx.app.inject({
      method: 'POST',
      url: `${base(t.org)}/${companyId}/sign`,
      headers: t.org.as(t.org.admin.token),
      payload: { signature },
    });

  it('stores a PNG data URL and returns it; GET companies/{id} carries it', async () => {
    const signature = `data:image/png;base64,${PNG_1x1.toString('base64')}`;
    const res = await sign(signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signature });
    const company = await t.ctx.app.inject({
      url: `${base(t.org)}/${companyId}`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(company.json().signature).toBe(signature);
  });

  it('422 for anything but a PNG data URL', async () => {
    for (const signature of [
      '',
      null,
      'data:image/jpeg;base64,/9j/4AAQ',
      `data:image/png;base64,${JPEG_HEAD.toString('base64')}`,
      // PNG magic bytes and garbage: it does not decode.
      `data:image/png;base64,${Buffer.concat([PNG_1x1.subarray(0, 16), Buffer.alloc(64, 3)]).toString('base64')}`,
      'data:image/png;base64,<script>',
      `data:image/png;base64,${'A'.repeat(1_600_000)}`,
    ]) {
      const res = await sign(signature);
      expect(res.statusCode, String(signature).slice(0, 30)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['signature']);
    }
  });
});

describe.each([
  ['logo', 'O Logotipo ainda não foi cadastrado', 'hasLogo'],
  ['signature-image', 'A imagem de assinatura ainda não foi cadastrada', 'hasSignatureImage'],
])('companies/{id}/%s', (path, missing, flag) => {
  let id: number;
  let jpeg: Buffer;
  beforeAll(async () => {
    id = (await create(t.org, legal())).json().id;
    jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0b5cab' } })
      .jpeg()
      .toBuffer();
  });
  const url = () => `${base(t.org)}/${id}/${path}`;
  const upload = (field: string, data: Buffer, filename: string, type: string) => {
    const mp = multipart(field, data, filename, type);
    return t.ctx.app.inject({
      method: 'POST',
      url: url(),
      payload: mp.payload,
      headers: { ...mp.headers, ...t.org.as(t.org.admin.token) },
    });
  };
  const get = () => t.ctx.app.inject({ url: url(), headers: t.org.as(t.org.admin.token) });

  it('an image over 6 MP is refused on its field (a phone photo of 7 MP as a logo)', async () => {
    const big = await sharp({ create: { width: 3500, height: 2000, channels: 3, background: '#0d3b66' } })
      .png()
      .toBuffer();
    const res = await upload(path, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toHaveLength(1);
    const fits = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#0d3b66' } })
      .png()
      .toBuffer();
    expect((await upload(path, fits, 'fits.png', 'image/png')).statusCode).toBe(200);
    await t.ctx.app.inject({ method: 'DELETE', url: url(), headers: t.org.as(t.org.admin.token) });
  });

  it('404 with its message before any upload', async () => {
    const res = await get();
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [missing] });
  });

  it('stores a PNG, serves it back with its type, replaces it with a JPEG, removes it', async () => {
    const res = await upload(path, PNG_1x1, 'a.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contentType: 'image/png', size: PNG_1x1.length });
    const got = await get();
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.rawPayload.equals(PNG_1x1)).toBe(true);
    const company = await t.ctx.app.inject({ url: `${base(t.org)}/${id}`, headers: t.org.as(t.org.admin.token) });
    expect(company.json()[flag]).toBe(true);

    // Declared as PNG, but the bytes are a JPEG: the content decides.
    expect((await upload(path, jpeg, 'b.png', 'image/png')).json().contentType).toBe('image/jpeg');
    const served = await get();
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);

    const del = await t.ctx.app.inject({ method: 'DELETE', url: url(), headers: t.org.as(t.org.admin.token) });
    expect(del.statusCode).toBe(204);
    expect((await get()).statusCode).toBe(404);
    const again = await t.ctx.app.inject({ method: 'DELETE', url: url(), headers: t.org.as(t.org.admin.token) });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a non-image renamed .png (422), a wrong field or no file (422), too large (413)', async () => {
    const text = await upload(path, Buffer.from('<html>não sou imagem</html>'), 'foto.png', 'image/png');
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ errors: { [path]: [fileMessages.notAnImage] } });
    // Right magic bytes, nothing behind them: decoded like a photo, so refused.
    const fake = await upload(path, JPEG_HEAD, 'foto.jpg', 'image/jpeg');
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toEqual({ errors: { [path]: [fileMessages.notAnImage] } });
    const wrongField = await upload('arquivo', PNG_1x1, 'a.png', 'image/png');
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json()).toEqual({ errors: { [path]: [fileMessages.missingFile] } });
    const empty = await upload(path, Buffer.alloc(0), 'a.png', 'image/png');
    expect(empty.statusCode).toBe(422);
    const json = await t.ctx.app.inject({
      method: 'POST',
      url: url(),
      headers: t.org.as(t.org.admin.token),
      payload: {},
    });
    expect(json.statusCode).toBe(422);
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const tooLarge = await upload(path, big, 'big.png', 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ errors: [fileMessages.tooLarge] });
    expect((await get()).statusCode).toBe(404);
  });
});
