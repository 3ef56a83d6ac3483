// Does one organization's big PDF hold up everyone else? On the real server process (PostgreSQL, a
// throwaway cluster): an order with 400 comments of 5,000 characters (written straight to the
// database: the API takes 120 a minute per user). For BENCH_SECONDS, BENCH_PDF_CLIENTS clients each ask
// for a new link to that order's PDF and open it, again and again (a new link each time, so nothing is
// served from the link cache), while /api/health is called every 50 ms and a user of another
// organization logs in every 250 ms. Prints the p50/p99 of both, the PDFs' own timing, and the event-loop
// delay of the server over the run (monitorEventLoopDelay, preloaded by loop-delay.ts); the same without
// the PDFs first, as the baseline.
// Run: node --import tsx bench/src/pdf-stall.ts   (npm run bench pdf-stall)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster } from '@ordem-certa/test-support/postgres-cluster';
import { percentile } from './lib.ts';
import { freePort, sleep, waitForServer } from './setup.ts';
import { every, startProbedServer, timed } from './probed-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const pdfClients = Number(process.env.BENCH_PDF_CLIENTS ?? 2);
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `n ${String(s.length).padStart(4)}   p50 ${percentile(s, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(s, 99).toFixed(1).padStart(7)} ms   max ${(s.at(-1) ?? NaN).toFixed(1).padStart(7)} ms`;
};

const cluster = await startCluster();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'oficina-bench-stall-'));
const { loopDelay, stop } = startProbedServer({ port, dataDir, databaseUrl: cluster.url('postgres') });

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

try {
  await waitForServer(`${base}/api/health`);
  const admin = (await post('/api/login', { username: 'admin@demo.com.br', password: 'demo1234' })).token as string;
  const org = '/api/organizations/1';
  const { id } = (await post(`${org}/invoices`, { company: 1, customer: 1, transactionNature: 1 }, admin)) as {
    id: number;
  };
  await post(`${org}/invoices/${id}/start`, {}, admin);
  const db = new pg.Client({ connectionString: cluster.url('postgres') });
  await db.connect();
  const paragraph = 'Verificado o funcionamento da unidade, limpeza dos filtros e medição da pressão. ';
  const text = paragraph.repeat(Math.ceil(5000 / paragraph.length)).slice(0, 5000);
  await db.query(
    `INSERT INTO invoice_comments (organization_id, invoice_id, user_id, type, comment, created_at)
     SELECT 1, $1, (SELECT id FROM users WHERE email = 'admin@demo.com.br'), 1 + (n % 2), $2,
            now() - (400 - n) * interval '1 minute'
     FROM generate_series(1, 400) n`,
    [id, text],
  );
  await db.end();

  const health: number[] = [];
  const logins: number[] = [];
  const pdfs: number[] = [];
  let pdfBytes = 0;
  let pdfStatuses = new Map<number, number>();
  const phase = async (withPdfs: boolean) => {
    health.length = logins.length = pdfs.length = 0;
    pdfStatuses = new Map();
    const end = Date.now() + seconds * 1000;
    const running = () => Date.now() >= end;
    await loopDelay(); // starts the window
    const work = [
      every(50, running, () => timed(health, () => fetch(`${base}/api/health`))),
      every(250, running, () =>
        timed(logins, () =>
          fetch(`${base}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin@org102.com.br', password: 'demo1234' }),
          }),
        ),
      ),
      ...(withPdfs
        ? Array.from({ length: pdfClients }, () =>
            every(0, running, async () => {
              const { url } = (await post(`${org}/invoices/${id}/pdf`, { showValues: true }, admin)) as { url: string };
              const t0 = performance.now();
              const res = await fetch(base + url);
              const body = await res.arrayBuffer();
              pdfStatuses.set(res.status, (pdfStatuses.get(res.status) ?? 0) + 1);
              if (res.ok) {
                pdfs.push(performance.now() - t0);
                pdfBytes = body.byteLength;
              } else await sleep(200);
            }),
          )
        : []),
    ];
    await Promise.all(work);
    return loopDelay();
  };

  for (const withPdfs of [false, true]) {
    const loop = await phase(withPdfs);
    console.log(
      `\n### ${withPdfs ? `with ${pdfClients} clients rendering the 400-comment order's PDF` : 'baseline: no PDFs'} (${seconds} s)`,
    );
    console.log(`GET /api/health             ${stats(health)}`);
    console.log(`login, another organization ${stats(logins)}`);
    if (withPdfs) {
      console.log(`GET the PDF link            ${stats(pdfs)}   (${(pdfBytes / 1024).toFixed(0)} KB)`);
      console.log(`PDF answers by status: ${[...pdfStatuses].map(([s, n]) => `${s} × ${n}`).join(', ')}`);
    }
    console.log(`event-loop delay            p50 ${loop.p50} ms   p99 ${loop.p99} ms   max ${loop.max} ms`);
  }
} finally {
  await stop();
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
