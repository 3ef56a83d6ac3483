import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '@ordem-certa/db';
import { createS3Storage } from '../../lib/storage.ts';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import { multipartFiles } from '../../../test/factories.ts';
import { startS3Server, type S3Server } from '@ordem-certa/test-support/s3-server';

// LGPD with the files in an S3-compatible bucket: the export reads the photos from it, and
// anonymizing deletes them from it.
let s3: S3Server;
let ctx: TestContext;
let org: TestOrg;
let w: InvoiceWorld;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestApp({ storage: createS3Storage(s3.settings) });
  org = await createOrg(ctx);
  w = await invoiceWorld(ctx, org);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.stop();
});

it('exports a photo kept in the bucket and deletes it from the bucket when the customer is anonymized', async () => {
  const invoice = await w.createInvoice();
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a9a50' } })
    .jpeg()
    .toBuffer();
  const upload = multipartFiles('attachment', [{ data: jpeg, filename: 'quadro.jpg', contentType: 'image/jpeg' }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: w.url(`/${invoice.id}/attachments/pictures`),
    headers: { ...org.as(org.admin.token), ...upload.headers },
    payload: upload.payload,
  });
  expect(res.statusCode).toBe(201);
  const [picture] = await ctx.database.db
    .select()
    .from(schema.invoicePictures)
    .where(eq(schema.invoicePictures.invoiceId, invoice.id));
  expect(await s3.keys()).toEqual(expect.arrayContaining([picture!.fileKey, picture!.printKey]));

  const base = `/api/organizations/${org.organization.id}/customers/${w.customer.id}`;
  const exported = await ctx.app.inject({ url: `${base}/export`, headers: org.as(org.admin.token) });
  expect(exported.statusCode).toBe(200);
  const zip = unzipSync(new Uint8Array(exported.rawPayload));
  const photo = JSON.parse(strFromU8(zip['data.json']!)).ordensDeServico[0].fotos[0];
  expect(Buffer.from(zip[photo.arquivo]!)).toEqual(await ctx.app.storage.get(picture!.fileKey));

  const anonymized = await ctx.app.inject({
    method: 'POST',
    url: `${base}/anonymize`,
    headers: org.as(org.admin.token),
  });
  expect(anonymized.statusCode).toBe(200);
  const left = await s3.keys();
  expect(left).not.toContain(picture!.fileKey);
  expect(left).not.toContain(picture!.printKey);
});
