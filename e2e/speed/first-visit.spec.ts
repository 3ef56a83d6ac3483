import { expect, test } from '@playwright/test';

// The first visit's files: sent brotli- or gzip-encoded as the browser accepts, hashed files cached for
// a year, the page itself revalidated on every visit; the login page loads no other screen's code.

test('the login page is revalidated; its hashed files are precompressed and cached for a year', async ({ request }) => {
  const page = await request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true);

  for (const asset of assets) {
    const br = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status()).toBe(200);
    expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers()['vary']?.toLowerCase()).toContain('accept-encoding');
    const size = Number(br.headers()['content-length']);
    if (size >= 1024) {
      expect(br.headers()['content-encoding']).toBe('br');
      const gz = await request.get(asset, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers()['content-encoding']).toBe('gzip');
      const plain = await request.get(asset, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers()['content-encoding']).toBeUndefined();
      expect(Number(plain.headers()['content-length'])).toBeGreaterThan(size);
    }
  }
});

test('the login page loads only its own code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /(layout|edit-invoice-page|invoices-page|home-page|schemas)-/.test(s))).toEqual([]);
});
