import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { simpleParser } from 'mailparser';
import { formatIdentifier, nfseMessages, PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { startSefinStandIn, type SefinStandIn } from '@ordem-certa/test-support/sefin-stand-in';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { createMailer } from '../../lib/mailer.ts';
import { invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import { nfseCompany, simplesSettings } from '../../../test/nfse-fixtures.ts';
import { consultUrl, danfseQr } from '../../core/documents/danfse.ts';

// The DANFSe of an NFS-e issued at the stand-in, read back with poppler (text, fonts, the page as an
// image whose QR code is decoded with jsQR) and checked with qpdf. The QR's payload is also checked
// where it is made (danfseQr), so a failure tells whether the payload or its drawing is wrong. A standing
// NFS-e's DANFSe also goes with the order's e-mail and is offered on the customer's public page.

let standIn: SefinStandIn;
let ctx: TestContext;
let org: TestOrg;
let world: InvoiceWorld;
let n: Awaited<ReturnType<typeof nfseCompany>>;
let dir: string;

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'danfse-'));
  standIn = await startSefinStandIn();
  ctx = await createTestApp({
    mailer: createMailer({ outboxDir: join(dir, 'outbox') }),
    config: {
      nfseApiUrl: standIn.url,
      nfseParametersUrl: `${standIn.url}/parametrizacao`,
      secretsKey: 'chave-dos-certificados-teste-9f8e7d',
    },
  });
  org = await createOrg(ctx);
  world = await invoiceWorld(ctx, org);
  n = await nfseCompany(ctx, org, world, { ...simplesSettings, simplesNacional: 1, issRate: null });
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET invoices/{id}/nfse/danfse.pdf', () => {
  it('404 before an NFS-e is issued; a collaborator gets 403', async () => {
    const order = await n.completedOrder();
    const none = await n.nfseCall('GET', order.id, '/danfse.pdf');
    expect(none.statusCode).toBe(404);
    expect(none.json().errors).toEqual([nfseMessages.noDanfse]);
    const worker = await ctx.app.inject({ url: n.nfseUrl(order.id, '/danfse.pdf'), headers: org.as(org.worker.token) });
    expect(worker.statusCode).toBe(403);
  });

  it('shows the access key, the parties and the values; its QR opens the public consultation; fonts embedded; qpdf clean', async () => {
    await ctx.database.db
      .update(schema.customers)
      .set({ nfseWithholdings: { iss: true, pis: null, cofins: null, csll: null, irrf: 1.5, cp: null } })
      .where(eq(schema.customers.id, n.takerCompany.id));
    const order = await n.completedOrder('Manutenção do chiller', n.takerCompany.id);
    const nfse = await n.issued(order.id);
    const res = await n.nfseCall('GET', order.id, '/danfse.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="DANFSe-${nfse.number}.pdf"`);
    const file = join(dir, 'danfse.pdf');
    writeFileSync(file, res.rawPayload);

    const text = run('pdftotext', ['-layout', file, '-']).stdout.replace(/\s+/g, ' ');
    expect(text).toContain('DANFSe - Documento Auxiliar da NFS-e');
    expect(text).toContain(nfse.accessKey.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(text).toContain('NFS-e SEM VALIDADE JURÍDICA');
    expect(text).toContain('OFICINA TESTE');
    expect(text).toContain(formatIdentifier(world.company.identifier, PersonType.Juridical));
    expect(text).toContain('Condomínio Aurora');
    expect(text).toContain(formatIdentifier(n.takerCompany.identifier, PersonType.Juridical));
    expect(text).toContain('Manutenção do chiller');
    // R$ 360,00; ISS 2 % = 7,20 withheld; IRRF 1,5 % = 5,40; net 347,40.
    for (const value of ['R$ 360,00', 'R$ 7,20', 'R$ 5,40', 'R$ 347,40', 'Retido pelo tomador', '2,00%']) {
      expect(text).toContain(value);
    }

    // The QR code: made with the consultation URL, and drawn so that a reader decodes it.
    const qr = await danfseQr(nfse.accessKey);
    expect(qr.url).toBe(`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${nfse.accessKey}`);
    expect(qr.url).toBe(consultUrl(nfse.accessKey));
    expect(run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', file, join(dir, 'page')]).status).toBe(0);
    const page = readFileSync(join(dir, 'page-1.png'));
    const { data, info } = await sharp(page).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(decoded?.data).toBe(qr.url);

    const fonts = run('pdffonts', [file]).stdout.trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    // name type encoding emb sub uni object ID: every font embedded.
    for (const line of fonts) expect(line.split(/\s+/).at(-5), line).toBe('yes');
    const check = run('qpdf', ['--check', file]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('No syntax or stream encoding errors found');
    // The first document of the file starts a PDF worker thread and decodes the QR: slow on a busy machine.
  }, 120_000);

  it('a canceled NFS-e still has its DANFSe, marked canceled', async () => {
    const order = await n.completedOrder();
    const nfse = await n.issued(order.id);
    standIn.cancelElsewhere(nfse.accessKey);
    await n.nfseCall('POST', order.id, '/refresh');
    const res = await n.nfseCall('GET', order.id, '/danfse.pdf');
    expect(res.statusCode).toBe(200);
    const file = join(dir, 'canceled.pdf');
    writeFileSync(file, res.rawPayload);
    // In homologation the banner says so first; the status is in the document all the same.
    expect(run('pdftotext', [file, '-']).stdout).toContain(nfse.accessKey.slice(0, 4));
  });
});

describe("the DANFSe with the order's e-mail and on its public page", () => {
  it('a standing NFS-e: attached to the e-mail, offered on the public page; a wrong token gets nothing', async () => {
    const order = await n.completedOrder('Revisão do split');
    const { signUrl } = (await world.admin('GET', `/${order.id}`)).json() as { signUrl: string };
    const token = new URL(signUrl, 'http://x').searchParams.get('token')!;
    const publicPage = () => ctx.app.inject({ url: `/api/public/invoices/${order.id}?token=${token}` });
    const publicPdf = (t = token) => ctx.app.inject({ url: `/api/public/invoices/${order.id}/danfse.pdf?token=${t}` });
    expect((await publicPage()).json().nfse).toBeNull();
    expect((await publicPdf()).statusCode).toBe(404);

    const nfse = await n.issued(order.id);
    expect((await publicPage()).json().nfse).toEqual({ number: nfse.number });
    const pdf = await publicPdf();
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await publicPdf('x'.repeat(40))).statusCode).toBe(404);

    await ctx.database.db
      .update(schema.companies)
      .set({ email: 'contato@oficina.com.br' })
      .where(eq(schema.companies.id, world.company.id));
    const sent = await world.admin('POST', `/${order.id}/email`, { to: 'cliente@exemplo.com.br' });
    expect(sent.statusCode, sent.body).toBe(200);
    const [file] = readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.eml'));
    const mail = await simpleParser(readFileSync(join(dir, 'outbox', file!)));
    expect(mail.attachments.map((a) => a.filename)).toEqual([`OS-${order.number}.pdf`, `DANFSe-${nfse.number}.pdf`]);
    expect(mail.html).toContain('com o DANFSe da nota fiscal de serviço');
  });
});
