import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EstimateStatus, formatCpf } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createMailer } from '../../lib/mailer.ts';
import { perFile } from '../../../test/helpers.ts';
import { estimateWorld, type EstimateWorld } from '../../../test/estimate-fixtures.ts';
import { multipartFiles } from '../../../test/factories.ts';
import { ERASED_DRAWING, REMOVED } from './customer-anonymize.service.ts';

// LGPD (art. 18): a customer's data exported as a ZIP, and anonymized for good.
const outboxDir = mkdtempSync(join(tmpdir(), 'lgpd-outbox-'));
const t = perFile({ other: true, world: estimateWorld, app: { mailer: createMailer({ outboxDir }) } });

const base = () => `/api/organizations/${t.org.organization.id}/customers`;
const exportOf = (id: number, token = t.org.admin.token) =>
  t.ctx.app.inject({ url: `${base()}/${id}/export`, headers: t.org.as(token) });
const anonymize = (id: number, token = t.org.admin.token, headers: Record<string, string> = {}) =>
  t.ctx.app.inject({ method: 'POST', url: `${base()}/${id}/anonymize`, headers: { ...t.org.as(token), ...headers } });
const db = () => t.ctx.database.db;
const invoiceUrl = (rest: string) => `/api/organizations/${t.org.organization.id}/invoices${rest}`;

const photo = (color: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const drawing = async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="M20 150 C 80 20, 160 20, 200 120 S 330 180, 380 40" stroke="#000" stroke-width="3" fill="none"/></svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
};
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const ok = <T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

/** The customer as the shop knows them, with an order and an estimate that carry their data. */
interface Person {
  id: number;
  name: string;
  cpf: string;
  email: string;
  phone: string;
  signer: string;
  decider: string;
  invoice: { id: number; number: number; totalBefore: number; signToken: string };
  estimate: { id: number; number: number };
  addressId: number;
  pictureKeys: string[];
  outboxFile: string;
  orderOutboxFile: string;
  idempotencyKey: string;
}

/** Everything a customer can leave behind, through the API as the office and the customer make it. */
async function personWithHistory(w: EstimateWorld): Promise<Person> {
  const tag = Math.random().toString(36).slice(2, 7);
  const person = {
    id: w.customer.id,
    name: w.customer.name,
    cpf: w.customer.identifier,
    email: `alvaro.${tag}@exemplo.com.br`,
    phone: '11987654321',
    signer: `Maria Assinante ${tag}`,
    decider: `Joaquim Aprovador ${tag}`,
  };
  const idempotencyKey = `lgpd-${tag}`;
  ok(
    await t.ctx.app.inject({
      method: 'PUT',
      url: `${base()}/${person.id}`,
      headers: { ...t.org.as(t.org.admin.token), 'idempotency-key': idempotencyKey },
      payload: { type: 2, name: person.name, email: person.email, phone: person.phone },
    }),
  );
  const address = await w.addAddress({
    address: 'Rua das Laranjeiras',
    number: 45,
    city: 'Rio de Janeiro',
    state: 'RJ',
  });
  await db()
    .update(schema.companies)
    .set({ email: 'contato@oficina.com.br', emailSubject: 'Orçamento {{numero}} para {{cliente}}' })
    .where(eq(schema.companies.id, w.company.id));

  // The order: a service, the equipment, the visit at the customer's address, a photo, a comment, signed.
  const invoice = await w.createInvoice();
  ok(
    await w.admin('POST', `/${invoice.id}/services`, { service: w.service.id, quantity: 2, description: 'Sala' }),
    201,
  );
  ok(await w.admin('POST', `/${invoice.id}/equipments`, { equipment: w.equipment.id }), 201);
  ok(
    await w.admin('POST', `/${invoice.id}/visit`, {
      reportedProblem: `${person.name} diz que o split pinga`,
      address: address.id,
    }),
  );
  ok(await w.admin('POST', `/${invoice.id}/comments`, { type: 1, comment: `Ligar para ${person.name} antes` }), 201);
  const orderPhoto = multipartFiles('attachment', [
    { data: await photo('#2a7ab0'), filename: 'Antes da limpeza.jpg', contentType: 'image/jpeg' },
  ]);
  ok(
    await t.ctx.app.inject({
      method: 'POST',
      url: invoiceUrl(`/${invoice.id}/attachments/pictures`),
      headers: { ...t.org.as(t.org.admin.token), ...orderPhoto.headers },
      payload: orderPhoto.payload,
    }),
    201,
  );
  ok(await w.admin('POST', `/${invoice.id}/start`));
  const signUrl = ok<{ signUrl: string }>(await w.admin('GET', `/${invoice.id}`)).signUrl;
  ok(
    await t.ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${invoice.id}/sign?token=${tokenOf(signUrl)}`,
      payload: { signature: await drawing(), signerName: person.signer },
      remoteAddress: '177.10.20.30',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Teste' },
    }),
  );
  const totalBefore = ok<{ total: number }>(await w.admin('GET', `/${invoice.id}`)).total;

  // The estimate: a line, a photo, e-mailed to the customer, shared and approved with a drawing.
  const estimate = await w.createEstimate();
  await w.ok('POST', `/${estimate.id}/services`, { service: w.service.id, quantity: 1 });
  const estimatePhoto = multipartFiles('attachment', [
    { data: await photo('#b04a2a'), filename: 'placa.jpg', contentType: 'image/jpeg' },
  ]);
  ok(
    await t.ctx.app.inject({
      method: 'POST',
      url: w.url(`/${estimate.id}/attachments/pictures`),
      headers: { ...t.org.as(t.org.admin.token), ...estimatePhoto.headers },
      payload: estimatePhoto.payload,
    }),
    201,
  );
  await w.moveTo(estimate.id, EstimateStatus.Wip);
  ok(await w.est('POST', `/${estimate.id}/email`, { to: person.email }));
  ok(await w.admin('POST', `/${invoice.id}/email`, { to: person.email }));
  const share = ok<{ url: string }>(await w.est('POST', `/${estimate.id}/share`));
  const page = ok<{ contentHash: string }>(
    await t.ctx.app.inject({ url: `/api/public/estimates/${estimate.id}?token=${tokenOf(share.url)}` }),
  );
  ok(
    await t.ctx.app.inject({
      method: 'POST',
      url: `/api/public/estimates/${estimate.id}/approve?token=${tokenOf(share.url)}`,
      payload: { name: person.decider, signature: await drawing(), contentHash: page.contentHash },
      remoteAddress: '177.10.20.31',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Teste' },
    }),
  );

  const inp = schema.invoicePictures;
  const ep = schema.estimatePictures;
  const pictures = [
    ...(await db().select().from(inp).where(eq(inp.invoiceId, invoice.id))),
    ...(await db().select().from(ep).where(eq(ep.estimateId, estimate.id))),
  ];
  const [email] = await db()
    .select()
    .from(schema.estimateEmails)
    .where(eq(schema.estimateEmails.estimateId, estimate.id));
  return {
    ...person,
    invoice: { ...invoice, totalBefore, signToken: tokenOf(signUrl) },
    estimate,
    addressId: address.id,
    pictureKeys: pictures.flatMap((p) => [p.fileKey, p.printKey]),
    outboxFile: email!.outboxFile!,
    orderOutboxFile: (
      await db().select().from(schema.invoiceEmails).where(eq(schema.invoiceEmails.invoiceId, invoice.id))
    )[0]!.outboxFile!,
    idempotencyKey,
  };
}

let p: Person;
beforeAll(async () => {
  p = await personWithHistory(t.world);
});

describe('access', () => {
  it('401 without a token', async () => {
    expect((await t.ctx.app.inject({ url: `${base()}/${p.id}/export` })).statusCode).toBe(401);
    expect((await t.ctx.app.inject({ method: 'POST', url: `${base()}/${p.id}/anonymize` })).statusCode).toBe(401);
  });
  it('403 for a collaborator, and nothing is anonymized', async () => {
    expect((await exportOf(p.id, t.org.worker.token)).statusCode).toBe(403);
    expect((await anonymize(p.id, t.org.worker.token)).statusCode).toBe(403);
    const [row] = await db().select().from(schema.customers).where(eq(schema.customers.id, p.id));
    expect(row).toMatchObject({ name: p.name, anonymizedAt: null });
  });
  it("another organization's customer is a 404, and stays as it was", async () => {
    const theirs = t.theirs.customer;
    expect((await exportOf(theirs.id)).statusCode).toBe(404);
    expect((await anonymize(theirs.id)).statusCode).toBe(404);
    const [row] = await db().select().from(schema.customers).where(eq(schema.customers.id, theirs.id));
    expect(row).toMatchObject({ name: theirs.name, anonymizedAt: null });
  });
});

describe('export', () => {
  it('is a ZIP download whose data.json holds the customer, their records and evidence, with the files beside it', async () => {
    const res = await exportOf(p.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="dados-cliente-${p.id}.zip"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const data = JSON.parse(strFromU8(zip['data.json']!));

    expect(data.aviso).toContain('NFS-e');
    expect(data.cliente).toMatchObject({
      id: p.id,
      tipo: 'Pessoa física',
      cpfCnpj: formatCpf(p.cpf),
      nome: p.name,
      email: p.email,
      telefone: '(11) 98765-4321',
      anonimizadoEm: null,
    });
    expect(data.enderecos).toEqual([
      expect.objectContaining({ logradouro: 'Rua das Laranjeiras', numero: 45, uf: 'RJ' }),
    ]);
    expect(data.equipamentos.map((e: { numeroDeSerie: string }) => e.numeroDeSerie)).toEqual(['SN-1', 'SN-2']);

    const [order] = data.ordensDeServico;
    expect(order).toMatchObject({
      numero: p.invoice.number,
      problemaRelatado: `${p.name} diz que o split pinga`,
      enderecoDoAtendimento: expect.stringContaining('Rua das Laranjeiras, 45'),
      subtotal: 360,
      total: p.invoice.totalBefore,
      servicos: [{ nome: 'Limpeza de split', quantidade: 2, precoUnitario: 180, total: 360, descricao: 'Sala' }],
      equipamentos: [expect.objectContaining({ numeroDeSerie: 'SN-1' })],
    });
    expect(order.comentarios).toEqual(
      expect.arrayContaining([expect.objectContaining({ tipo: 'Geral', texto: `Ligar para ${p.name} antes` })]),
    );
    expect(order.assinaturas).toEqual([
      expect.objectContaining({
        nome: p.signer,
        ip: '177.10.20.30',
        navegador: 'Mozilla/5.0 (Linux; Android 14) Teste',
        hashDoConteudo: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    const [signature] = await db()
      .select()
      .from(schema.invoiceSignatures)
      .where(eq(schema.invoiceSignatures.invoiceId, p.invoice.id));
    const signatureFile = zip[order.assinaturas[0].arquivo]!;
    expect(Buffer.from(signatureFile)).toEqual(Buffer.from(signature!.image.split(',')[1]!, 'base64'));

    // Photos: each one referenced by its path, with the stored bytes.
    expect(order.emails).toEqual([
      expect.objectContaining({
        assunto: `Ordem de serviço nº ${p.invoice.number}`,
        destinatarios: [p.email],
        situacao: 'Gravado na caixa de saída',
      }),
    ]);
    const [orderPhoto] = order.fotos;
    expect(orderPhoto.nome).toBe('Antes da limpeza.jpg');
    expect(orderPhoto.arquivo).toMatch(
      new RegExp(`^ordens-de-servico/${p.invoice.number}/fotos/\\d+-Antes-da-limpeza\\.jpg$`),
    );
    const [storedOrderPhoto] = await db()
      .select()
      .from(schema.invoicePictures)
      .where(eq(schema.invoicePictures.invoiceId, p.invoice.id));
    expect(Buffer.from(zip[orderPhoto.arquivo]!)).toEqual(await t.ctx.app.storage.get(storedOrderPhoto!.fileKey));

    const [quote] = data.orcamentos;
    expect(quote).toMatchObject({ numero: p.estimate.number, situacao: 'Aprovado', total: 180 });
    expect(quote.respostasDoCliente).toEqual([
      expect.objectContaining({
        resposta: 'aprovado',
        nome: p.decider,
        ip: '177.10.20.31',
        arquivo: expect.any(String),
      }),
    ]);
    expect(zip[quote.respostasDoCliente[0].arquivo]!.subarray(1, 4)).toEqual(new Uint8Array(Buffer.from('PNG')));
    expect(quote.emails).toEqual([
      expect.objectContaining({
        assunto: `Orçamento ${p.estimate.number} para ${p.name}`,
        destinatarios: [p.email],
        situacao: 'Gravado na caixa de saída',
      }),
    ]);
    const [storedQuotePhoto] = await db()
      .select()
      .from(schema.estimatePictures)
      .where(eq(schema.estimatePictures.estimateId, p.estimate.id));
    expect(Buffer.from(zip[quote.fotos[0].arquivo]!)).toEqual(await t.ctx.app.storage.get(storedQuotePhoto!.fileKey));
    expect(data.notificacoes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ descricao: `${p.signer} assinou a Ordem de Serviço ${p.invoice.number}.` }),
      ]),
    );
    // Every file of the archive is one data.json points at.
    const referenced = [
      order.assinaturas[0].arquivo,
      orderPhoto.arquivo,
      quote.fotos[0].arquivo,
      quote.respostasDoCliente[0].arquivo,
    ];
    expect(Object.keys(zip).sort()).toEqual(['data.json', ...referenced].sort());

    const trail = await db()
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'customer'), eq(schema.auditLogs.entityId, p.id)));
    expect(trail).toEqual([expect.objectContaining({ action: 'view', userId: t.org.admin.id })]);
  });

  it('a photo missing from the storage is said so in data.json, and the archive is still made', async () => {
    const other = t.world.otherCustomer;
    const invoice = await t.world.createInvoice(other.id);
    const upload = multipartFiles('attachment', [
      { data: await photo('#777777'), filename: 'x.jpg', contentType: 'image/jpeg' },
    ]);
    ok(
      await t.ctx.app.inject({
        method: 'POST',
        url: invoiceUrl(`/${invoice.id}/attachments/pictures`),
        headers: { ...t.org.as(t.org.admin.token), ...upload.headers },
        payload: upload.payload,
      }),
      201,
    );
    const [pic] = await db()
      .select()
      .from(schema.invoicePictures)
      .where(eq(schema.invoicePictures.invoiceId, invoice.id));
    await t.ctx.app.storage.delete(pic!.fileKey);
    const res = await exportOf(other.id);
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const data = JSON.parse(strFromU8(zip['data.json']!));
    expect(data.ordensDeServico[0].fotos).toEqual([
      expect.objectContaining({
        nome: 'x.jpg',
        arquivo: null,
        observacao: expect.stringContaining('não foi encontrado'),
      }),
    ]);
    expect(Object.keys(zip)).toEqual(['data.json']);
  });
});

describe('anonymize', () => {
  let before: { invoice: Record<string, unknown> };
  let answer: Record<string, unknown>;
  beforeAll(async () => {
    before = { invoice: ok(await t.world.admin('GET', `/${p.invoice.id}`)) };
    answer = ok(await anonymize(p.id));
  });

  it('replaces the customer row and marks it; a second call is a 409 and edits are refused', async () => {
    expect(answer).toEqual({
      id: p.id,
      type: 2,
      identifier: `ANONIMO${String(p.id).padStart(10, '0')}`,
      name: `Cliente anonimizado #${p.id}`,
      alias: null,
      email: null,
      phone: null,
      phoneE164: null,
      version: expect.any(Number),
      anonymizedAt: expect.any(String),
    });
    expect(ok(await t.ctx.app.inject({ url: `${base()}/${p.id}`, headers: t.org.as(t.org.admin.token) }))).toEqual(
      answer,
    );
    const again = await anonymize(p.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Este cliente já foi anonimizado']);
    const edit = await t.ctx.app.inject({
      method: 'PUT',
      url: `${base()}/${p.id}`,
      headers: t.org.as(t.org.admin.token),
      payload: { type: 2, name: p.name },
    });
    expect(edit.statusCode).toBe(409);
    // Nor does it take new orders or estimates.
    const order = await t.world.admin('POST', '', {
      company: t.world.company.id,
      customer: p.id,
      transactionNature: t.world.nature.id,
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.customer).toEqual([
      'Este cliente foi anonimizado (LGPD) e não recebe novas ordens de serviço nem orçamentos',
    ]);
    const quote = await t.world.est('POST', '', {
      company: t.world.company.id,
      customer: p.id,
      transactionNature: t.world.nature.id,
    });
    expect(quote.statusCode).toBe(422);
  });

  it('no search by the old name, e-mail or CPF finds the customer, their orders or their estimates', async () => {
    const admin = t.org.as(t.org.admin.token);
    for (const q of [p.name, p.email, p.cpf, formatCpf(p.cpf)]) {
      const customers = ok<{ meta: { total: number } }>(
        await t.ctx.app.inject({ url: `${base()}?q=${encodeURIComponent(q)}`, headers: admin }),
      );
      expect(customers.meta.total, q).toBe(0);
      const orders = ok<{ meta: { total: number } }>(await t.world.admin('GET', `/filter?q=${encodeURIComponent(q)}`));
      expect(orders.meta.total, q).toBe(0);
      const estimates = ok<{ meta: { total: number } }>(await t.world.est('GET', `?q=${encodeURIComponent(q)}`));
      expect(estimates.meta.total, q).toBe(0);
    }
    const byNewName = ok<{ data: Array<{ id: number }> }>(
      await t.world.admin('GET', `/filter?q=${encodeURIComponent(`Cliente anonimizado #${p.id}`)}`),
    );
    expect(byNewName.data.map((r) => r.id)).toContain(p.invoice.id);
  });

  it('keeps the order with its lines and total, its signature without the person', async () => {
    const after = ok<Record<string, unknown>>(await t.world.admin('GET', `/${p.invoice.id}`));
    expect(after.total).toBe(p.invoice.totalBefore);
    expect(after.subTotal).toBe(before.invoice.subTotal);
    expect(after.invoiceServices).toEqual(before.invoice.invoiceServices);
    expect(after).toMatchObject({
      customerId: p.id,
      customerName: `Cliente anonimizado #${p.id}`,
      customerIdentifier: `ANONIMO${String(p.id).padStart(10, '0')}`,
      customerEmail: null,
      customerPhone: null,
      address: null,
      reportedProblem: `Cliente anonimizado #${p.id} diz que o split pinga`,
      signature: expect.objectContaining({ signerName: `Cliente anonimizado #${p.id}`, ip: REMOVED, userAgent: null }),
    });
    // The signing link sent to the customer no longer opens.
    const oldLink = await t.ctx.app.inject({
      url: `/api/public/invoices/${p.invoice.id}?token=${p.invoice.signToken}`,
    });
    expect(oldLink.statusCode).toBe(404);
    const [sig] = await db()
      .select()
      .from(schema.invoiceSignatures)
      .where(eq(schema.invoiceSignatures.invoiceId, p.invoice.id));
    expect(sig).toMatchObject({
      image: ERASED_DRAWING,
      printImage: ERASED_DRAWING,
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const [decision] = await db()
      .select()
      .from(schema.estimateDecisions)
      .where(eq(schema.estimateDecisions.estimateId, p.estimate.id));
    expect(decision).toMatchObject({ name: null, signature: null, ip: REMOVED, userAgent: null, decision: 1 });
    const estimate = ok<Record<string, unknown>>(await t.world.est('GET', `/${p.estimate.id}`));
    expect(estimate).toMatchObject({ total: 180, status: EstimateStatus.Completed });
  });

  it('deletes the addresses, the photos (rows and files) and the outbox copy of the e-mail', async () => {
    expect(await db().select().from(schema.addresses).where(eq(schema.addresses.customerId, p.id))).toEqual([]);
    expect(
      await db().select().from(schema.invoicePictures).where(eq(schema.invoicePictures.invoiceId, p.invoice.id)),
    ).toEqual([]);
    expect(
      await db().select().from(schema.estimatePictures).where(eq(schema.estimatePictures.estimateId, p.estimate.id)),
    ).toEqual([]);
    expect(p.pictureKeys).toHaveLength(4);
    for (const key of p.pictureKeys) expect(await t.ctx.app.storage.get(key), key).toBeUndefined();
    expect(existsSync(join(outboxDir, p.outboxFile))).toBe(false);
    const [email] = await db()
      .select()
      .from(schema.estimateEmails)
      .where(eq(schema.estimateEmails.estimateId, p.estimate.id));
    expect(email).toMatchObject({
      recipients: [],
      outboxFile: null,
      status: 'written',
      subject: `Orçamento ${p.estimate.number} para Cliente anonimizado #${p.id}`,
    });
    expect(existsSync(join(outboxDir, p.orderOutboxFile))).toBe(false);
    const [orderEmail] = await db()
      .select()
      .from(schema.invoiceEmails)
      .where(eq(schema.invoiceEmails.invoiceId, p.invoice.id));
    expect(orderEmail).toMatchObject({ recipients: [], outboxFile: null, status: 'written' });
  });

  it('leaves no trace of the person in comments, notifications, the audit trail or kept API answers', async () => {
    const needles = [p.name, p.email, p.cpf, p.signer, p.decider, '177.10.20.30', '177.10.20.31', 'Laranjeiras'];
    const comments = await db()
      .select({ text: schema.invoiceComments.comment })
      .from(schema.invoiceComments)
      .where(eq(schema.invoiceComments.invoiceId, p.invoice.id));
    const notices = await db()
      .select({ title: schema.notifications.title, text: schema.notifications.description })
      .from(schema.notifications)
      .where(eq(schema.notifications.organizationId, t.org.organization.id));
    const a = schema.auditLogs;
    const trail = await db()
      .select({ data: a.data })
      .from(a)
      .where(
        and(eq(a.organizationId, t.org.organization.id), inArray(a.entityId, [p.invoice.id, p.estimate.id, p.id])),
      );
    const kept = await db()
      .select({ body: schema.idempotencyKeys.body })
      .from(schema.idempotencyKeys)
      .where(eq(schema.idempotencyKeys.key, p.idempotencyKey));
    expect(kept).toHaveLength(1);
    const everything = JSON.stringify({ comments, notices, trail, kept });
    for (const needle of needles) expect(everything, needle).not.toContain(needle);
    expect(everything).toContain(`Assinada pelo cliente: Cliente anonimizado #${p.id}`);
    expect(everything).toContain(`Cliente anonimizado #${p.id} assinou a Ordem de Serviço ${p.invoice.number}.`);
  });

  it('writes an audit entry naming what was removed', async () => {
    const a = schema.auditLogs;
    const [entry] = await db()
      .select()
      .from(a)
      .where(and(eq(a.entity, 'customer'), eq(a.entityId, p.id), eq(a.action, 'update')));
    expect(entry).toMatchObject({ userId: t.org.admin.id, organizationId: t.org.organization.id });
    expect(entry!.data).toEqual([
      {
        field: 'personalData',
        before: null,
        after:
          'Anonimizado (LGPD): nome, CPF/CNPJ, e-mail e telefone; 1 endereço(s), 2 foto(s) e 1 assinatura(s) removidos',
      },
    ]);
    const logs = ok<{ data: Array<{ entity: string; entityId: number }> }>(
      await t.ctx.app.inject({
        url: `/api/organizations/${t.org.organization.id}/audit-logs?q=${p.id}`,
        headers: t.org.as(t.org.admin.token),
      }),
    );
    expect(logs.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ entity: 'customer', entityId: p.id })]),
    );
  });

  it('an export afterwards holds none of the removed data', async () => {
    const res = await exportOf(p.id);
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(zip)).toEqual(['data.json']);
    const text = strFromU8(zip['data.json']!);
    for (const needle of [p.name, p.email, p.cpf, formatCpf(p.cpf), p.signer, p.decider, 'Laranjeiras', '177.10.20.3'])
      expect(text, needle).not.toContain(needle);
    expect(JSON.parse(text).cliente).toMatchObject({
      nome: `Cliente anonimizado #${p.id}`,
      anonimizadoEm: expect.any(String),
    });
  });
});
