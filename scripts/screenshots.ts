// Screenshots of screens at desktop and 375 px, for looking at what we build.
// Usage: BASE_URL=http://localhost:3000 node --import tsx scripts/screenshots.ts out-dir user:/path[,/path...] ...
//   user is admin | worker | lite | anon. A path ending in !menu opens the mobile menu (375 px only).
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const [outDir = '/tmp/shots', ...specs] = process.argv.slice(2);
const emails: Record<string, string> = {
  admin: 'admin@demo.com.br',
  worker: 'tecnico@demo.com.br',
  lite: 'admin@org102.com.br',
};
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
for (const spec of specs) {
  const [user = 'anon', paths = '/'] = spec.split(':');
  let token: string | undefined;
  if (user !== 'anon') {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: emails[user], password: 'demo1234' }),
    });
    token = ((await res.json()) as { token: string }).token;
  }
  for (const entry of paths.split(',')) {
    const openMenu = entry.endsWith('!menu');
    const path = entry.replace('!menu', '');
    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['mobile', { width: 375, height: 812 }],
    ] as const) {
      const context = await browser.newContext({ viewport, locale: 'pt-BR', deviceScaleFactor: 1 });
      if (token) await context.addInitScript((t) => localStorage.setItem('jwt', t), token);
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: 'networkidle' });
      if (openMenu && label === 'desktop') {
        await context.close();
        continue;
      }
      if (openMenu) await page.locator('.navbar-toggler').click();
      await page.waitForTimeout(400);
      const file = `${outDir}/${user}${path.replace(/[/?=&]+/g, '_')}${openMenu ? '-menu' : ''}-${label}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
}
await browser.close();
