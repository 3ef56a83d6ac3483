import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

// The first visit's files: sent brotli- or gzip-encoded as the browser accepts, hashed files cached for
// a year, the page itself revalidated on every visit; the login page loads no other screen's code.

test('the login page is revalidated; its hashed files are precompressed and cached for a year', async ({ request }) => {
  const page = await request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  // The stylesheet is linked; the scripts are named in the start script, which loads them after the first paint.
  const assets = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
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
  // The note of what waits on this phone reads the outbox's store; the code that sends it stays out.
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((s) =>
      /(layout|edit-invoice-page|invoices-page|home-page|schemas|pages-shared|outbox-runtime)-/.test(s),
    ),
  ).toEqual([]);
});

test('the installable app: its manifest and service worker are revalidated on every visit, never kept a year', async ({
  request,
}) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const app = await manifest.json();
  expect(app).toMatchObject({ lang: 'pt-BR', display: 'standalone', start_url: '/', short_name: 'Ordem Certa' });
  const icons = app.icons as Array<{ src: string; sizes: string; purpose: string }>;
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');
  // The app shell and the technician's screens are kept; an admin-only screen is not.
  const code = await sw.text();
  expect(code).toMatch(/assets\/edit-invoice-page-[\w-]+\.js/);
  expect(code).toMatch(/assets\/home-page-[\w-]+\.js/);
  expect(code).not.toMatch(/assets\/audit-logs-page-/);
});

test('the loading line is painted before the stylesheet arrives, and no screen is drawn without it', async ({
  page,
}) => {
  // When the app first puts something of its own in the page, note whether Bootstrap's rules applied then.
  await page.addInitScript(() => {
    const w = window as unknown as { styledAtFirstRender?: boolean };
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root?.firstElementChild || root.querySelector('.boot')) return;
      w.styledAtFirstRender = getComputedStyle(document.documentElement).getPropertyValue('--bs-body-bg') !== '';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  // The scripts asked for while the stylesheet is held; those asked for after it is let go are not
  // awaited. A response still on its way when the test ends rejects: caught, it is not a failure.
  const scripts: Promise<unknown>[] = [];
  let stylesHeld = true;
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && stylesHeld) scripts.push(r.response().catch(() => null));
  });
  await page.goto('/login', { waitUntil: 'commit' });

  // Painted while the stylesheet is held back, with its own rules.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  const loading = page.getByRole('status').filter({ hasText: 'Carregando…' });
  await expect(loading).toBeVisible();
  expect(await loading.evaluate((el) => getComputedStyle(el).display)).toBe('flex');

  // Every script has arrived and the app still waits for its styles.
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  // Chunks import chunks: wait until no new script was asked for while the last ones arrived.
  for (let asked = 0; asked !== scripts.length;) {
    asked = scripts.length;
    await Promise.all(scripts);
  }
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await expect(loading).toBeVisible();
  stylesHeld = false;
  release();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { styledAtFirstRender?: boolean }).styledAtFirstRender)).toBe(
    true,
  );
});

test("the order's first data is asked for by the page itself while its code arrives, and each only once", async ({
  page,
}) => {
  const order = await startedOrder(page.request, { label: 'Cliente pedido cedo', withWorker: true });
  await loginAs(page, 'worker');
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) asked.push(path);
  });
  // The app's own code waits, as on a slow network: the page's requests go out before it runs.
  let releaseCode = () => {};
  const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await codeHeld;
    await route.continue();
  });
  await page.goto(`/invoices/${order.id}/edit`, { waitUntil: 'commit' });
  const detail = `/api/organizations/1/invoices/${order.id}`;
  await expect
    .poll(() => asked.slice().sort())
    .toEqual(['/api/me', detail, `${detail}/allowed-changes`, `${detail}/attachments/pictures`].sort());
  releaseCode();
  await expect(page.getByRole('heading', { name: `Ordem de Serviço #${order.number}` })).toBeVisible();
  await expect(page.getByText('Cliente pedido cedo')).toBeVisible();
  // The app took those answers instead of asking again; what it asks for later goes out as usual.
  const count = (path: string) => asked.filter((p) => p === path).length;
  expect(count('/api/me')).toBe(1);
  expect(count(detail)).toBe(1);
  expect(count(`${detail}/allowed-changes`)).toBe(1);
  expect(count(`${detail}/attachments/pictures`)).toBe(1);
  expect(violations).toEqual([]);
});
