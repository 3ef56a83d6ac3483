import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../test/helpers.ts';
import { estimateWorld } from '../test/estimate-fixtures.ts';
import { PNG_1x1 } from '../test/factories.ts';
import { portalSession } from '../test/portal-fixtures.ts';

// Every upload route of the OpenAPI document, sent a body cut short at each place the multipart
// reader can stop — in the preamble, in a part's headers, in its bytes, before the closing boundary —
// answers 400 on its field (never a 500), whichever of the reader's errors the cut gives. Sent at
// once, the reader parses it all before the handler takes the file: "Unexpected end of multipart
// data". Sent in 16 KB pieces, as a network delivers it, a cut deep in the file reaches the handler
// while it reads the file: "Part terminated early due to unexpected end of multipart data".
const t = perFile({ world: estimateWorld });

interface Operation {
  method: string;
  path: string;
}
let uploads: Operation[] = [];
const ids: Record<string, number> = {};
/** The customer's portal session: what the portal's upload routes are sent with, not the office's token. */
let portalHeaders: Record<string, string> = {};

beforeAll(async () => {
  const doc = t.ctx.app.swagger() as unknown as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  uploads = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'])
      .map(([method]) => ({ method: method.toUpperCase(), path })),
  );
  const [expense] = await t.ctx.database.db
    .insert(schema.expenses)
    .values({
      organizationId: t.org.organization.id,
      description: 'Conta de luz',
      category: 'Energia',
      amountCents: 10_000,
      dueDate: '2026-01-10',
    })
    .returning();
  ids.invoices = (await t.world.createInvoice()).id;
  ids.estimates = (await t.world.createEstimate()).id;
  ids.companies = t.world.company.id;
  ids.expenses = expense!.id;
  const [plan] = await t.ctx.database.db
    .insert(schema.maintenancePlans)
    .values({
      organizationId: t.org.organization.id,
      companyId: t.world.company.id,
      customerId: t.world.customer.id,
      transactionNatureId: t.world.nature.id,
      frequency: 'monthly',
      startDate: '2026-01-10',
      nextDate: '2026-01-10',
    })
    .returning();
  ids['maintenance-plans'] = plan!.id;
  const [request] = await t.ctx.database.db
    .insert(schema.serviceRequests)
    .values({
      organizationId: t.org.organization.id,
      number: 1,
      source: 'portal',
      customerId: t.world.customer.id,
      contactName: 'Cliente',
      problem: 'Não gela',
    })
    .returning();
  ids['service-requests'] = request!.id;
  portalHeaders = (await portalSession(t.ctx, t.org.organization.id, t.world.customer.id)).headers;
});

/** The route's URL with this organization's records in its path. */
function urlOf(op: Operation) {
  const collection = /\/([\w-]+)\/\{id\}/.exec(op.path)?.[1];
  return op.path
    .replace('{orgId}', String(t.org.organization.id))
    .replace('{organizationId}', String(t.org.organization.id))
    .replace('{kind}', 'customers')
    .replace('{id}', () => {
      const id = collection && ids[collection];
      if (!id) throw new Error(`no record for ${op.path}: add its collection to the test`);
      return String(id);
    });
}

/** The file field each upload route reads. */
function fieldOf(op: Operation) {
  if (
    op.path.endsWith('/attachments/pictures') ||
    op.path.endsWith('/service-requests/{id}/pictures') ||
    op.path.endsWith('/service-requests/with-photos')
  )
    return 'attachment';
  const last = op.path.split('/').at(-1)!;
  if (['logo', 'signature-image'].includes(last)) return last;
  if (['attachment', 'certificate', '{kind}', 'air-reports'].includes(last)) return 'file';
  throw new Error(`unknown upload route ${op.method} ${op.path}: name its file field in the test`);
}

/** A whole body: a text field, then the file, then the closing boundary; and the offsets to cut at. */
function body(field: string) {
  const boundary = '----cortado0123456789';
  const preamble = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nsenha\r\n`);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const file = Buffer.concat([PNG_1x1, Buffer.alloc(200_000, 7)]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const whole = Buffer.concat([preamble, head, file, tail]);
  const fileAt = preamble.length + head.length;
  const cuts = {
    'in the first boundary': 5,
    'in a text part': preamble.length - 4,
    "in the file part's headers": preamble.length + 30,
    'right after its headers': fileAt,
    'in its bytes': fileAt + 40,
    'deep in its bytes': fileAt + 150_000,
    'before the closing boundary': fileAt + file.length + 4,
  };
  return { whole, cuts, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** 16 KB at a time. */
function inPieces(bytes: Buffer) {
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 16_384) pieces.push(bytes.subarray(i, i + 16_384));
  return pieces;
}

let caller = 0;
describe('a multipart body cut short', () => {
  it('the document lists the upload routes (orders and estimates photos, logos, attachments, imports…)', () => {
    const paths = uploads.map((op) => op.path);
    expect(paths).toContain('/api/organizations/{orgId}/invoices/{id}/attachments/pictures');
    expect(paths).toContain('/api/organizations/{orgId}/estimates/{id}/attachments/pictures');
    expect(paths).toContain('/api/organizations/{orgId}/companies/{id}/logo');
    expect(uploads.length).toBeGreaterThanOrEqual(6);
  });

  it('answers 400 on every upload route, wherever it is cut', async () => {
    const wrong: string[] = [];
    for (const op of uploads) {
      const field = fieldOf(op);
      const { whole, cuts, contentType } = body(field);
      for (const [where, at] of Object.entries(cuts))
        for (const pieces of [false, true]) {
          const cut = whole.subarray(0, at);
          const res = await t.ctx.app.inject({
            method: op.method as 'POST',
            url: urlOf(op),
            headers: {
              ...(op.path.startsWith('/api/portal/') ? portalHeaders : t.org.as(t.org.admin.token)),
              'content-type': contentType,
            },
            payload: pieces ? Readable.from(inPieces(cut)) : cut,
            // A public route allows a few requests a minute per address: each cut comes from its own.
            remoteAddress: `10.66.0.${++caller}`,
          });
          const errors = res.statusCode === 400 ? (res.json() as { errors: Record<string, string[]> }).errors : {};
          const told = Object.values(errors).flat();
          if (res.statusCode !== 400 || !told.includes(messages.invalidFormat))
            wrong.push(
              `${op.method} ${op.path}, cut ${where}${pieces ? ', in pieces' : ''}: ${res.statusCode} ${res.body.slice(0, 100)}`,
            );
        }
    }
    expect(wrong).toEqual([]);
  });
});
