// The first screens on a phone: Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown) on the
// login page and on a technician's service order (logged in, signed by the customer with a
// phone-sized drawing), the bytes over the wire of each first visit, and the time a technician waits
// for an order on 3G (Chromium's own network throttling: 562.5 ms RTT, 1.47 Mbit/s down, 4x CPU).
// It starts the real server (the build `npm run serve` runs) on a fresh embedded database with the demo data,
// unless BASE_URL points at a running one (demo logins expected there).
// Run: npm run build && node --import tsx bench/src/web.ts        (npm run bench web)
// CHROME_PATH picks the browser (default Debian's /usr/bin/chromium); BENCH_RUNS the 3G repetitions;
// BENCH_LH_DIR=/tmp/dir keeps each Lighthouse report (JSON) there.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { prepare, startServer } from './web-setup.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';

const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];
const runs3g = Number(process.env.BENCH_RUNS ?? 3);

/** Opens a page on the server's origin without the SPA's files (so the cache stays cold) and logs in. */
async function login(browser: Browser, base: string, token: string | null) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  // Any API path: a small JSON answer, none of the SPA's files.
  await page.goto(`${base}/api/none`);
  await page.evaluate((t) => (t ? localStorage.setItem('jwt', t) : localStorage.clear()), token);
  await page.close();
}

async function runLighthouse(port: number, browser: Browser, base: string, path: string, token: string | null) {
  await login(browser, base, token);
  const result = await lighthouse(
    base + path,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keeps the login token; the HTTP cache was emptied just before.
      disableStorageReset: true,
    },
    undefined,
  );
  const lhr = result!.lhr;
  if (process.env.BENCH_LH_DIR) {
    mkdirSync(process.env.BENCH_LH_DIR, { recursive: true });
    writeFileSync(join(process.env.BENCH_LH_DIR, `${path.replace(/\W+/g, '_')}.json`), JSON.stringify(lhr));
  }
  const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  const audit = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ transferSize?: number }> })?.items;
  const failed = ['accessibility', 'best-practices'].flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
      .map((r) => `${c}: ${r.id}`),
  );
  return {
    path,
    failed,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    kib: audit('total-byte-weight') / 1024,
    requests: requests?.length ?? 0,
  };
}

/** First open of the order on 3G with a cold cache: until its heading shows, and until the network is idle. */
async function open3g(browser: Browser, base: string, path: string, token: string) {
  await login(browser, base, token);
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
  });
  const t0 = performance.now();
  await page.goto(base + path, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('Ordem de Serviço #'), {
    timeout: 60_000,
    polling: 50,
  });
  const shown = performance.now() - t0;
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
  const idle = performance.now() - t0 - 500;
  await page.close();
  return { shown, idle, kib: bytes / 1024 };
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROME_FLAGS,
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const setup = await prepare(server.base);
  console.log(
    `server ${server.base}; technician's order ${setup.orderPath}, signed with a ${Math.round(setup.signatureBytes / 1024)} KiB drawing`,
  );
  const rows = [
    await runLighthouse(chrome.port, browser, server.base, '/login', null),
    await runLighthouse(chrome.port, browser, server.base, setup.orderPath, setup.token),
  ];
  console.log(
    '\n| page | performance | accessibility | best practices | FCP s | LCP s | TBT ms | CLS | KiB over the wire | requests |\n|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${(r.fcp / 1000).toFixed(1)} | ${(r.lcp / 1000).toFixed(1)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${r.kib.toFixed(0)} | ${r.requests} |`,
    );
  }
  for (const r of rows) if (r.failed.length) console.log(`${r.path} loses points on ${r.failed.join(', ')}`);
  const opens = [];
  for (let i = 0; i < runs3g; i++) opens.push(await open3g(browser, server.base, setup.orderPath, setup.token));
  opens.sort((a, b) => a.shown - b.shown);
  const mid = opens[Math.floor(opens.length / 2)]!;
  console.log(
    `\ntechnician's first open of the order on 3G (median of ${runs3g}): heading after ${(mid.shown / 1000).toFixed(2)} s, network idle after ${(mid.idle / 1000).toFixed(2)} s, ${mid.kib.toFixed(0)} KiB`,
  );
  await browser.disconnect();
} finally {
  chrome.kill();
  await server.stop();
}
