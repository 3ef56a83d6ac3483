// The technician's order screen on a bad phone network, in Debian's Chromium driven by Playwright, with
// the network and CPU slowed through the DevTools protocol to Lighthouse's mobile figures (150 ms RTT,
// 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower):
// - first open: a fresh browser context (empty HTTP cache) logs in as the technician on the login page,
//   then opens the order (their heaviest, signed with a phone-sized drawing) by its address; the time
//   runs from that navigation until the order's heading is on the screen (it shows with the order),
//   as the page itself marks it at the animation frame that first lays it out (SHOWN_PROBE);
// - second open: a new page in the same context (warm HTTP cache) opens the order again;
// - offline after one visit: the context goes offline and the page reloads. Only a service worker can
//   answer then; without one the figure is "n/a (no service worker)";
// - Lighthouse's mobile performance score of the order screen (its own simulated throttling) in the
//   same Chromium, reached through its DevTools port: on a first visit (signed in, nothing of the app kept:
//   the target's case) and returning (the service worker installed), each the median of its own runs.
// Then the bytes each open moved, by kind, and the largest requests: what dominated the bytes.
// It starts the real server (the build `npm run serve` runs) on a fresh embedded database with the demo data,
// unless BASE_URL points at a running one (demo logins expected there).
// Run: npm run build && node --import tsx bench/src/field.ts        (npm run bench field)
// BENCH_RUNS opens of each kind (median shown, default 3); BENCH_LH_RUNS Lighthouse runs (median, default
// 3); BENCH_PORT the server's port (else a free one) and the next one for Chromium's DevTools port;
// CHROME_PATH the browser; BENCH_TRACE=1 prints when each request of the opens started and ended;
// BENCH_LH_JSON=<prefix> writes each Lighthouse report to <prefix>-<first|returning>-<run>.json (long tasks,
// boot-up by script);
// BENCH_PROFILE=1 prints where each second open spent its time: when each file and request started and
// ended on the page's clock, and the processor's self time by script (a sampled CPU profile).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { freePort } from './setup.ts';
import { prepare, startServer } from './web-setup.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const lighthouseRuns = Number(process.env.BENCH_LH_RUNS ?? 3);
const LOGIN = { email: 'tecnico@demo.com.br', password: 'demo1234' };
/** Lighthouse's mobile "slow 4G" and CPU figures, applied by Chromium itself. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** A mid-range phone's screen, as Lighthouse's mobile preset. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const TARGETS = { first: 2500, second: 1000, offline: 1000, lighthouse: 95 };

type Kind = 'JS' | 'CSS' | 'JSON' | 'images' | 'fonts' | 'HTML' | 'other';
const KINDS: Kind[] = ['JS', 'CSS', 'JSON', 'images', 'fonts', 'HTML', 'other'];
interface Transfer {
  url: string;
  kind: Kind;
  bytes: number;
}

function kindOf(mimeType: string, url: string): Kind {
  if (/javascript|ecmascript/.test(mimeType) || /\.m?js(\?|$)/.test(url)) return 'JS';
  if (/css/.test(mimeType)) return 'CSS';
  if (/json/.test(mimeType)) return 'JSON';
  if (mimeType.startsWith('image/')) return 'images';
  if (mimeType.startsWith('font/') || /woff2?|ttf|otf/.test(mimeType)) return 'fonts';
  if (/html/.test(mimeType)) return 'HTML';
  return 'other';
}

/** Slows the page's network and CPU and records each response's bytes over the wire (headers included). */
async function throttled(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const seen = new Map<string, { url: string; kind: Kind }>();
  let transfers: Transfer[] = [];
  const started = new Map<string, number>();
  if (process.env.BENCH_TRACE) {
    cdp.on('Network.requestWillBeSent', (e) => started.set(e.requestId, performance.now()));
    cdp.on('Network.loadingFinished', (e) => {
      const url = seen.get(e.requestId)?.url ?? '?';
      const t0 = started.get(e.requestId) ?? NaN;
      console.log(
        `  trace ${Math.round(t0 % 100000)}→${Math.round(performance.now() % 100000)} ms ${url.replace(/^https?:\/\/[^/]+/, '')} ${e.encodedDataLength} B`,
      );
    });
  }
  cdp.on('Network.responseReceived', (e) => {
    seen.set(e.requestId, { url: e.response.url, kind: kindOf(e.response.mimeType, e.response.url) });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    // Answers from the memory or disk cache move no bytes (encodedDataLength 0); they are not counted.
    if (r && e.encodedDataLength > 0) transfers.push({ ...r, bytes: e.encodedDataLength });
  });
  return {
    cdp,
    /** What moved since the last take. */
    take() {
      const out = transfers;
      transfers = [];
      return out;
    },
  };
}

/**
 * Marks, on the order screen, when the order's heading is first laid out on the screen (the screen shows it
 * together with the order), by the page's own clock: checked at each animation frame, right before the
 * browser paints it. The page then tells the bench through a binding (`benchShown`), so nothing polls the
 * page while it loads: Playwright's own check (role queries over the whole page, and its helper script
 * compiled first) ran on the page's main thread during the open, ~60 ms of a phone's time at 4x CPU, and it
 * waited longer and longer between tries (up to half a second).
 */
const SHOWN_PROBE = `(() => {
  if (!/^\\/invoices\\/\\d+\\/edit/.test(location.pathname)) return;
  const look = () => {
    const heading = [...document.querySelectorAll('h1')].find(
      (h) => /^Ordem de Serviço #\\d+/.test(h.textContent || '') && h.getBoundingClientRect().height > 0,
    );
    if (!heading) return requestAnimationFrame(look);
    window.benchShown?.(performance.timeOrigin + performance.now());
  };
  requestAnimationFrame(look);
})();`;

/** When each page last told it showed the order (SHOWN_PROBE), as epoch milliseconds. */
const shownAt = new WeakMap<Page, number>();
const shownWaiters = new WeakMap<Page, () => void>();
async function listenForShown(context: BrowserContext) {
  await context.exposeBinding('benchShown', ({ page }, at: number) => {
    shownAt.set(page, at);
    shownWaiters.get(page)?.();
  });
}

/**
 * Waits until the page tells that the order's heading is on the screen; returns when it came, as milliseconds
 * since `since` (a Date.now() taken before the navigation). Then checks, after the figure is taken, that
 * the heading is there by its role, as a user would find it.
 */
async function orderShown(page: Page, since: number, timeout = 60_000) {
  const told = () => (shownAt.get(page) ?? 0) >= since;
  if (!told()) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the order did not show in ${timeout} ms`)), timeout);
      shownWaiters.set(page, () => {
        if (!told()) return;
        clearTimeout(timer);
        resolve();
      });
    });
  }
  const ms = shownAt.get(page)! - since;
  await page.getByRole('heading', { name: /^Ordem de Serviço #\d+/ }).waitFor({ state: 'visible', timeout });
  return { ms };
}

/** Waits until no request has been under way for half a second (the rest of the screen: photos, comments). */
async function quiet(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
}

interface Visit {
  loginMs: number;
  firstMs: number;
  secondMs: number;
  offline: number | string;
  login: Transfer[];
  first: Transfer[];
  second: Transfer[];
}

async function visit(context: BrowserContext, base: string, orderPath: string): Promise<Visit> {
  // First open: the login page and the order with an empty cache.
  const page = await context.newPage();
  const net = await throttled(context, page);
  let t0 = performance.now();
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill(LOGIN.email);
  await page.getByLabel('Senha').fill(LOGIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Bem-vindo' }).waitFor({ timeout: 60_000 });
  const loginMs = performance.now() - t0;
  await quiet(page);
  const login = net.take();
  const firstAt = Date.now();
  await page.goto(base + orderPath, { waitUntil: 'commit' });
  const firstMs = (await orderShown(page, firstAt)).ms;
  await quiet(page);
  const first = net.take();
  await page.close();

  // Second open: a new page, the HTTP cache as the first open left it.
  const again = await context.newPage();
  const net2 = await throttled(context, again);
  const profiling = !!process.env.BENCH_PROFILE;
  if (profiling) {
    await net2.cdp.send('Profiler.enable');
    await net2.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await net2.cdp.send('Profiler.start');
  }
  t0 = performance.now();
  const secondAt = Date.now();
  if (process.env.BENCH_TRACE) console.log(`  trace second open from ${Math.round(t0 % 100000)} ms`);
  await again.goto(base + orderPath, { waitUntil: 'commit' });
  const secondShown = await orderShown(again, secondAt);
  const secondMs = secondShown.ms;
  if (profiling) await printProfile(again, await stopProfiler(net2.cdp), secondMs);
  if (process.env.BENCH_TRACE) console.log(`  trace second open shown at ${Math.round(performance.now() % 100000)} ms`);
  await quiet(again);
  const second = net2.take();

  // Offline: only a service worker controlling the page can answer the reload.
  const controlled = await again.evaluate(() => !!navigator.serviceWorker?.controller);
  await context.setOffline(true);
  await net2.cdp.send('Network.emulateNetworkConditions', { ...NETWORK, offline: true });
  let offline: number | string;
  const offlineAt = Date.now();
  try {
    await again.reload({ waitUntil: 'commit', timeout: 15_000 });
    offline = (await orderShown(again, offlineAt, 15_000)).ms;
  } catch {
    offline = controlled ? 'failed (service worker present, order not shown in 15 s)' : 'n/a (no service worker)';
  }
  await context.setOffline(false);
  await again.close();
  return { loginMs, firstMs, secondMs, offline, login, first, second };
}

/** The second open's files and requests on the page's clock, and the processor's self time by script. */
/** What Chromium's Profiler.stop answers. */
type CpuProfile = Awaited<ReturnType<typeof stopProfiler>>;
const stopProfiler = async (cdp: CDPSession) => (await cdp.send('Profiler.stop')).profile;

async function printProfile(page: Page, profile: CpuProfile, shownMs: number) {
  const timing = await page.evaluate(() => ({
    resources: performance
      .getEntriesByType('resource')
      .map((r) => r as PerformanceResourceTiming)
      .map((r) => `${Math.round(r.startTime)}→${Math.round(r.responseEnd)} ms ${r.name.replace(location.origin, '')}`),
    paints: performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)} ms`),
  }));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byScript = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    const where = frame.url.replace(/^.*\//, '') || frame.functionName || '(native)';
    byScript.set(where, (byScript.get(where) ?? 0) + (profile.timeDeltas?.[i + 1] ?? 0) / 1000);
  });
  console.log(`  profile: second open shown after ${Math.round(shownMs)} ms`);
  for (const line of [...timing.paints, ...timing.resources]) console.log(`    ${line}`);
  console.log('  self time by script (throttled ms):');
  for (const [where, ms] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`    ${String(Math.round(ms)).padStart(5)} ${where}`);
}

type LighthouseFigures = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number };

/**
 * Lighthouse's mobile performance of the order screen, in two cases, each the median of its own runs:
 * - first visit: the technician is signed in (the token is kept) but the phone has nothing of the app: no
 *   service worker, no kept files, an empty HTTP cache. Lighthouse's own default clears the site's storage,
 *   which would also log the technician out, so the bench clears everything else before each run. The
 *   target is checked against this case;
 * - returning: the service worker is installed and answers (as after one visit); only the HTTP cache is
 *   cleared before each run.
 * Runs kept the storage between them before, so the first run was a first visit and the next ones found
 * the service worker only if it had finished installing: the median mixed the two cases.
 */
async function lighthouseScores(base: string, orderPath: string, token: string) {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'oficina-bench-field-'));
  // The persistent context is Chromium's default one, which the tab Lighthouse opens shares: the login
  // token written here is there.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // Any API path: a small JSON answer on the app's origin, none of the SPA's files.
    await page.goto(`${base}/api/none`);
    await page.evaluate((t) => localStorage.setItem('jwt', t), token);
    const cdp = await context.newCDPSession(page);
    const origin = new URL(base).origin;
    const run = async (i: number, label: string): Promise<LighthouseFigures> => {
      const result = await lighthouse(
        base + orderPath,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
        undefined,
      );
      const lhr = result!.lhr;
      if (process.env.BENCH_LH_JSON) {
        writeFileSync(`${process.env.BENCH_LH_JSON}-${label}-${i}.json`, JSON.stringify(lhr));
      }
      const audit = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
      return {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        si: audit('speed-index'),
      };
    };
    const medianOf = (results: LighthouseFigures[]) =>
      [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]!;

    const first: LighthouseFigures[] = [];
    for (let i = 0; i < lighthouseRuns; i++) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
      await cdp.send('Network.clearBrowserCache');
      first.push(await run(i, 'first'));
    }
    if (process.env.LH_FIRST_ONLY) return { first: medianOf(first), returning: medianOf(first) };

    // One visit installs the service worker (active once it has kept the app's files); the runs start once
    // it answers the order's page.
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
    await page.goto(base + orderPath);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 60_000 });
    await page.goto(`${base}/api/none`);
    const returning: LighthouseFigures[] = [];
    for (let i = 0; i < lighthouseRuns; i++) {
      await cdp.send('Network.clearBrowserCache');
      returning.push(await run(i, 'returning'));
    }
    return { first: medianOf(first), returning: medianOf(returning) };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const sum = (ts: Transfer[]) => ts.reduce((s, t) => s + t.bytes, 0);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

const server = await startServer();
try {
  const setup = await prepare(server.base);
  console.log(
    `server ${server.base}; technician's order ${setup.orderPath}, signed with a ${Math.round(setup.signatureBytes / 1024)} KiB drawing`,
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const visits: Visit[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext(PHONE);
      await context.addInitScript({ content: SHOWN_PROBE });
      await listenForShown(context);
      visits.push(await visit(context, server.base, setup.orderPath));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const lh = await lighthouseScores(server.base, setup.orderPath, setup.token);

  const first = median(visits.map((v) => v.firstMs));
  const second = median(visits.map((v) => v.secondMs));
  const offlineTimes = visits.map((v) => v.offline).filter((o): o is number => typeof o === 'number');
  const offline = offlineTimes.length === visits.length ? median(offlineTimes) : null;
  const offlineText = offline === null ? String(visits.find((v) => typeof v.offline === 'string')!.offline) : null;

  console.log(
    `\nmedian of ${runs} runs; network 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up; CPU ${CPU_SLOWDOWN}x slower\n`,
  );
  console.log('| figure | measured | target | |\n|---|---|---|---|');
  console.log(
    `| login page to the technician's home (cold cache) | ${seconds(median(visits.map((v) => v.loginMs)))} | — | |`,
  );
  console.log(
    `| first open of the order (after login, cold cache) | ${seconds(first)} | ≤ ${seconds(TARGETS.first)} | ${verdict(first <= TARGETS.first)} |`,
  );
  console.log(
    `| second open (new page, warm HTTP cache) | ${seconds(second)} | ≤ ${seconds(TARGETS.second)} | ${verdict(second <= TARGETS.second)} |`,
  );
  console.log(
    `| offline after one visit (reload) | ${offline === null ? offlineText : seconds(offline)} | ≤ ${seconds(TARGETS.offline)} | ${offline === null ? '' : verdict(offline <= TARGETS.offline)} |`,
  );
  console.log(
    `| Lighthouse mobile performance of the order, first visit (median of ${lighthouseRuns}) | ${lh.first.score} | ≥ ${TARGETS.lighthouse} | ${verdict(lh.first.score >= TARGETS.lighthouse)} |`,
  );
  console.log(
    `| Lighthouse, returning (service worker installed; median of ${lighthouseRuns}) | ${lh.returning.score} | — | |`,
  );

  for (const [name, f] of [
    ['first visit', lh.first],
    ['returning', lh.returning],
  ] as const) {
    console.log(
      `${name === 'first visit' ? '\n' : ''}Lighthouse, ${name}: FCP ${seconds(f.fcp)}, LCP ${seconds(f.lcp)}, speed index ${seconds(f.si)}, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}`,
    );
  }

  // The bytes of the last run (each run moves the same files).
  const last = visits.at(-1)!;
  const phases: Array<[string, Transfer[]]> = [
    ['login (cold)', last.login],
    ['first open of the order', last.first],
    ['second open', last.second],
  ];
  console.log('\nKiB over the wire (requests), until the network is quiet\n');
  console.log(`| kind | ${phases.map(([name]) => name).join(' | ')} |\n|---|${phases.map(() => '---|').join('')}`);
  for (const kind of [...KINDS, 'total'] as const) {
    const cells = phases.map(([, ts]) => {
      const of = kind === 'total' ? ts : ts.filter((t) => t.kind === kind);
      return of.length ? `${kib(sum(of))} (${of.length})` : '—';
    });
    if (kind === 'total' || cells.some((c) => c !== '—')) console.log(`| ${kind} | ${cells.join(' | ')} |`);
  }
  const cold = [
    ...last.login.map((t) => ({ ...t, phase: 'login' })),
    ...last.first.map((t) => ({ ...t, phase: 'first open' })),
  ].sort((a, b) => b.bytes - a.bytes);
  console.log(
    '\nlargest requests of the cold journey (login + first open)\n\n| KiB | kind | phase | request |\n|---|---|---|---|',
  );
  for (const t of cold.slice(0, 5)) {
    const url = new URL(t.url);
    console.log(`| ${kib(t.bytes)} | ${t.kind} | ${t.phase} | ${url.pathname}${url.search ? '?…' : ''} |`);
  }
} finally {
  await server.stop();
}
