import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { sanitizeRichText } from './lib/html.ts';

// The libraries only some requests need (images, the rich text of e-mail templates, sending mail, web
// push) are loaded on first use, not at start: together about 27 MB of an idle server's memory. They
// are CommonJS packages, so once loaded their files are in Node's require cache.
const loadedFrom = (lib: string) =>
  Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes(`/node_modules/${lib}/`));

let ctx: TestContext;
afterAll(async () => {
  await ctx?.close();
});

describe('libraries loaded on first use', () => {
  it('a started app has not loaded sharp, sanitize-html, nodemailer or web-push', async () => {
    ctx = await createTestApp();
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    for (const lib of ['sharp', 'sanitize-html', 'nodemailer', 'web-push']) expect(loadedFrom(lib), lib).toEqual([]);
  });

  it('the first use loads one, and only then (the check above can see a loaded library)', async () => {
    expect(await sanitizeRichText('<p>Olá<script>x()</script></p>')).toBe('<p>Olá</p>');
    expect(loadedFrom('sanitize-html').length).toBeGreaterThan(0);
  });
});
