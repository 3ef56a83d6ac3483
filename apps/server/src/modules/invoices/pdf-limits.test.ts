import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentType, InvoiceState, MAX_COMMENTS_PER_INVOICE, PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { pdfPool } from '../../core/documents/pdf-pool.ts';
import { createOrg, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { newCpf } from '../../../test/factories.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';

// What keeps one order from stalling the server (comments printed and written, renders cached and
// done off the main thread) and what lets a PDF print any name (embedded fonts, tagged, real words).
// The first document starts a worker thread (tsx and pdfkit loaded in it): slow on a busy machine.
const PDF_TIMEOUT = 120_000;
const t = perFile({ world: invoiceWorld });
let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'oficina-pdf-limits-'));
});
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const open = (url: string) => t.ctx.app.inject({ method: 'GET', url });
const pdfUrl = async (id: number) => {
  const res = await t.world.admin('POST', `/${id}/pdf`, { showValues: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
};
const rendered = () => [...pdfPool.rendered.values()].reduce((sum, n) => sum + n, 0);
/** poppler's tools on the PDF (installed by scripts/ensure-tools.mjs). */
const poppler = (tool: 'pdftotext' | 'pdffonts' | 'bbox', pdf: Buffer) => {
  const file = join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const r =
    tool === 'bbox'
      ? spawnSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' })
      : spawnSync(tool, tool === 'pdftotext' ? [file, '-'] : [file], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
};

/** A started order with `n` General comments 'nota 1'...'nota n' written straight to the database. */
async function orderWithComments(n: number, customerId?: number) {
  const { id } = await t.world.createInvoice(customerId);
  await t.world.moveTo(id, InvoiceState.Wip);
  if (n > 0) {
    const base = Date.now() - n * 1000;
    await t.ctx.database.db.insert(schema.invoiceComments).values(
      Array.from({ length: n }, (_, k) => ({
        organizationId: t.org.organization.id,
        invoiceId: id,
        userId: t.org.admin.id,
        type: CommentType.General,
        comment: `nota ${k + 1} fim`,
        createdAt: new Date(base + k * 1000),
      })),
    );
  }
  return id;
}

describe('what a PDF prints', () => {
  it(
    'prints the latest 50 comments, oldest first, then how many older ones it leaves out',
    async () => {
      const id = await orderWithComments(60);
      const text = pdfText((await open(await pdfUrl(id))).rawPayload);
      const printed = [...text.matchAll(/nota (\d+) fim/g)].map((m) => Number(m[1]));
      expect(printed).toEqual(Array.from({ length: 50 }, (_, k) => k + 11));
      expect(text).toContain('… e mais 10 comentários anteriores');

      const few = await orderWithComments(3);
      const short = pdfText((await open(await pdfUrl(few))).rawPayload);
      expect([...short.matchAll(/nota (\d+) fim/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3]);
      expect(short).not.toContain('e mais');
    },
    PDF_TIMEOUT,
  );

  it(
    'long names with emoji wrap in the signature block and the footer keeps to one line: no word drawn over another',
    async () => {
      const db = t.ctx.database.db;
      const [customer] = await db
        .insert(schema.customers)
        .values({
          organizationId: t.org.organization.id,
          type: PersonType.Natural,
          identifier: newCpf(),
          name: 'Condomínio Edifício Residencial 🏢🌴 Jardim das Palmeiras Imperiais do Sul 😀 Bloco B',
        })
        .returning();
      const id = await orderWithComments(0, customer!.id);
      const pdf = (await open(await pdfUrl(id))).rawPayload;
      // Every word's box on the page, from poppler: none may overlap another.
      const words = [
        ...poppler('bbox', pdf).matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map((m) => ({ x0: +m[1]!, y0: +m[2]!, x1: +m[3]!, y1: +m[4]!, word: m[5]! }));
      expect(words.some((w) => w.word === 'Palmeiras')).toBe(true);
      const overlaps = words.flatMap((a, i) =>
        words
          .slice(i + 1)
          .filter((b) => a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5)
          .map((b) => `${a.word} × ${b.word}`),
      );
      expect(overlaps).toEqual([]);
    },
    PDF_TIMEOUT,
  );

  it(
    'embeds every font, prints a name in any script, and titles extract as words',
    async () => {
      const [customer] = await t.ctx.database.db
        .insert(schema.customers)
        .values({
          organizationId: t.org.organization.id,
          type: PersonType.Natural,
          identifier: newCpf(),
          name: 'Zoë 😀 שלום مرحبا',
        })
        .returning();
      const id = await orderWithComments(1, customer!.id);
      const pdf = (await open(await pdfUrl(id))).rawPayload;

      const fonts = poppler('pdffonts', pdf).trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThanOrEqual(4); // regular, bold and the fallbacks the name needs
      for (const line of fonts) {
        // name, type, encoding, then emb sub uni: every font embedded (as a subset), with a Unicode map.
        expect(line, line).toMatch(/ yes yes yes /);
      }
      expect(fonts.join('\n')).not.toMatch(/Helvetica/);

      const text = poppler('pdftotext', pdf);
      for (const word of ['Zoë', '😀', 'שלום', 'مرحبا']) expect(text, word).toContain(word);
      for (const title of ['ORDEM DE SERVIÇO', 'CLIENTE', 'ATENDIMENTO', 'OBSERVAÇÕES', 'ASSINATURAS']) {
        expect(text).toContain(title);
      }
      expect(text).not.toMatch(/O R D E M/);
    },
    PDF_TIMEOUT,
  );

  it(
    'is a tagged PDF in pt-BR with its title, headings and paragraphs',
    async () => {
      const id = await orderWithComments(1);
      const raw = (await open(await pdfUrl(id))).rawPayload.toString('latin1');
      expect(raw.startsWith('%PDF-1.7')).toBe(true);
      expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
      expect(raw).toContain('/Marked true');
      expect(raw).toContain('/StructTreeRoot');
      expect(raw).toMatch(/\/Lang \(pt-BR\)/);
      expect(raw).toMatch(/\/DisplayDocTitle true/);
      for (const tag of ['/S /Document', '/S /H1', '/S /H2', '/S /P']) expect(raw).toContain(tag);
    },
    PDF_TIMEOUT,
  );
});

describe('rendering', () => {
  it(
    'happens in a worker thread, and opening the same link again renders nothing',
    async () => {
      const id = await orderWithComments(2);
      const url = await pdfUrl(id);
      const before = rendered();
      const first = await open(url);
      expect(first.statusCode).toBe(200);
      expect(rendered()).toBe(before + 1);
      expect(pdfPool.rendered.size).toBeGreaterThan(0);
      expect([...pdfPool.rendered.keys()]).not.toContain(threadId);

      const again = await open(url);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(rendered()).toBe(before + 1);

      // A change to the order (a comment bumps its updated_at) is printed on the next opening.
      expect((await t.world.admin('POST', `/${id}/comments`, { comment: 'nota nova fim', type: 1 })).statusCode).toBe(
        201,
      );
      const changed = await open(url);
      expect(rendered()).toBe(before + 2);
      expect(pdfText(changed.rawPayload)).toContain('nota nova fim');
    },
    PDF_TIMEOUT,
  );

  it(
    'requests arriving together for one link share one rendering',
    async () => {
      const url = await pdfUrl(await orderWithComments(1));
      const before = rendered();
      const all = await Promise.all([open(url), open(url), open(url)]);
      expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(rendered()).toBe(before + 1);
    },
    PDF_TIMEOUT,
  );
});

describe('writing comments', () => {
  it(`an order takes ${MAX_COMMENTS_PER_INVOICE} comments; System comments are not counted`, async () => {
    const id = await orderWithComments(MAX_COMMENTS_PER_INVOICE - 1);
    await t.ctx.database.db.insert(schema.invoiceComments).values({
      organizationId: t.org.organization.id,
      invoiceId: id,
      userId: null,
      type: CommentType.System,
      comment: 'histórico',
    });
    const last = await t.world.admin('POST', `/${id}/comments`, { comment: 'a milésima', type: 1 });
    expect(last.statusCode, last.body).toBe(201);
    const over = await t.world.admin('POST', `/${id}/comments`, { comment: 'uma a mais', type: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toEqual([
      'Esta ordem de serviço já tem 1.000 comentários, o máximo permitido. Remova algum antes de adicionar outro.',
    ]);
    // Removing one makes room again.
    const list = await t.world.admin('GET', `/${id}/comments/type/1`);
    const first = (list.json().data as Array<{ id: number }>)[0]!;
    expect((await t.world.admin('DELETE', `/${id}/comments/${first.id}`)).statusCode).toBe(204);
    expect((await t.world.admin('POST', `/${id}/comments`, { comment: 'cabe de novo', type: 1 })).statusCode).toBe(201);
  });

  it('a user writes at most 120 comments a minute, over all orders; others are not held up', async () => {
    const other = await createOrg(t.ctx);
    const otherWorld = await invoiceWorld(t.ctx, other);
    const a = (await otherWorld.createInvoice()).id;
    const b = (await otherWorld.createInvoice()).id;
    await otherWorld.moveTo(a, InvoiceState.Wip);
    await otherWorld.moveTo(b, InvoiceState.Wip);
    for (let n = 0; n < 120; n++) {
      const res = await otherWorld.admin('POST', `/${n % 2 ? a : b}/comments`, { comment: `c${n}`, type: 1 });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await otherWorld.admin('POST', `/${a}/comments`, { comment: 'demais', type: 1 });
    expect(over.statusCode).toBe(429);
    expect(over.json().errors).toEqual(['Muitos comentários em pouco tempo. Aguarde um minuto e tente novamente.']);
    // Another user of the same organization still writes.
    await otherWorld.assignWorker(a);
    expect((await otherWorld.worker('POST', `/${a}/comments`, { comment: 'ok', type: 1 })).statusCode).toBe(201);
  }, 60_000);
});
