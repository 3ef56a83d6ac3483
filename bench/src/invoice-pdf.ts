// The service-order PDF, measured on the real server process (the build `npm run serve` runs) over HTTP:
// an order with 20 lines, 2 pieces of equipment, comments, 4 phone photos (4000 x 3000 JPEGs), the
// company logo and the customer's signature drawn on a 375-px phone at 3x. Reports the p50/p95 of
// asking for a new signed link and opening it (token check, queries, images, pdfkit, transfer) over BENCH_RUNS runs,
// and the server's RSS (from /proc) before, at its peak and after generating 100 in a row.
// The last PDF is written to BENCH_PDF_OUT (default /tmp) and, when pdftoppm is installed, rendered
// to PNG pages beside it for looking at.
// Run: npm run build && node --import tsx bench/src/invoice-pdf.ts [pglite|postgres ...]   (npm run bench invoice-pdf)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startCluster } from '@ordem-certa/test-support/postgres-cluster';
import { measure, percentile } from './lib.ts';
import { serverArgs, sleep, waitForServer } from './setup.ts';

const runs = Number(process.env.BENCH_RUNS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3901);
const outDir = process.env.BENCH_PDF_OUT ?? tmpdir();
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['pglite', 'postgres'];
const base = `http://localhost:${port}`;
const rssMb = (pid: number) =>
  Math.round(Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024);

/** The inputs, made once: what a phone camera and a phone signature pad send. */
async function inputs() {
  const photos = await Promise.all(
    // Textured (noise) and tinted, so they compress like camera pictures, not like flat colours.
    ['#3b7dd8', '#d8843b', '#4caf50', '#9c27b0'].map((tint) =>
      sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 150, sigma: 14 },
        },
      })
        .tint(tint)
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
  const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300"><rect width="800" height="300" rx="40" fill="#0b5cab"/><circle cx="150" cy="150" r="90" fill="#7cc4ff"/><text x="280" y="190" font-size="120" font-family="sans-serif" font-weight="bold" fill="#fff">DEMO</text></svg>`;
  const logo = await sharp(Buffer.from(logoSvg)).png().toBuffer();
  const pad = `<svg xmlns="http://www.w3.org/2000/svg" width="1125" height="2200"><rect width="1125" height="2200" fill="#fff"/><path d="M120 1200 C 300 700, 500 700, 600 1100 S 900 1500, 1000 800" stroke="#000" stroke-width="9" fill="none"/></svg>`;
  const signature = `data:image/png;base64,${(await sharp(Buffer.from(pad)).png().toBuffer()).toString('base64')}`;
  return { photos, logo, signature };
}

async function bench(kind: string, input: Awaited<ReturnType<typeof inputs>>) {
  const cluster = kind === 'postgres' ? await startCluster() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'oficina-bench-pdf-'));
  const server = spawn('node', serverArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      ...(cluster ? { DATABASE_URL: cluster.url('postgres') } : {}),
    },
    stdio: 'ignore',
  });
  try {
    await waitForServer(`${base}/api/health`);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.com.br', password: 'demo1234' }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const org = `${base}/api/organizations/1`;
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(url, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
    const upload = async (url: string, field: string, data: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(data)], { type }), name);
      const res = await fetch(url, { method: 'POST', headers: auth, body: form });
      if (!res.ok) throw new Error(`upload ${url}: ${res.status} ${await res.text()}`);
    };

    // ---- arrange ----
    await upload(`${org}/companies/1/logo`, 'logo', input.logo, 'logo.png', 'image/png');
    const services = (await call('GET', `${org}/services?take=100`)).data as Array<{ id: number }>;
    const products = (await call('GET', `${org}/products?take=100`)).data as Array<{ id: number }>;
    const { id } = await call('POST', `${org}/invoices`, { company: 1, customer: 1, transactionNature: 1 });
    for (let n = 0; n < 12; n++) {
      await call('POST', `${org}/invoices/${id}/services`, {
        service: services[n % services.length]!.id,
        quantity: 1 + (n % 3),
        description: n % 2 ? `Ambiente ${n + 1}: limpeza completa, teste de pressão e verificação do dreno` : null,
      });
    }
    for (let n = 0; n < 8; n++) {
      await call('POST', `${org}/invoices/${id}/products`, {
        product: products[n % products.length]!.id,
        quantity: 1 + n,
      });
    }
    const equipments = (await call('GET', `${org}/invoices/${id}/equipments/available`)).data as Array<{ id: number }>;
    for (const e of equipments.slice(0, 2)) await call('POST', `${org}/invoices/${id}/equipments`, { equipment: e.id });
    await call('POST', `${org}/invoices/${id}/start`);
    await call('POST', `${org}/invoices/${id}/comments`, {
      comment: 'Cliente relatou ruído na unidade externa.',
      type: 1,
    });
    await call('POST', `${org}/invoices/${id}/comments`, {
      comment: 'Carga de gás completada; pressão 120 psi.',
      type: 2,
    });
    const uploadTimes: number[] = [];
    for (const [n, photo] of input.photos.entries()) {
      const t0 = performance.now();
      await upload(
        `${org}/invoices/${id}/attachments/pictures`,
        'attachment',
        photo,
        `foto-${n + 1}.jpg`,
        'image/jpeg',
      );
      uploadTimes.push(performance.now() - t0);
    }
    const { signUrl } = await call('GET', `${org}/invoices/${id}`);
    const t0 = performance.now();
    await call('POST', `${base}/api/public${signUrl}`, { signature: input.signature, signerName: 'Carla Mendes' });
    const signMs = performance.now() - t0;
    const photoMb = (input.photos.reduce((s, p) => s + p.length, 0) / input.photos.length / 1048576).toFixed(1);
    console.log(
      `\n### ${kind}: photos of ${photoMb} MB uploaded in ${uploadTimes.map((t) => t.toFixed(0)).join(' / ')} ms; signature (1125 x 2200 px) stored in ${signMs.toFixed(0)} ms`,
    );

    // ---- measure ----
    // A new link each time: opening the same link again is served from the link cache, not rendered.
    // Links asked for within the same second are the same token (same claims, same iat), so a run that
    // follows within that second is still a cache hit: the p50 of many fast runs mixes both.
    const generate = async () => {
      const { url } = await call('POST', `${org}/invoices/${id}/pdf`, { showValues: true });
      const res = await fetch(base + url);
      if (res.status !== 200) throw new Error(`pdf: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    };
    const pdf = await generate();
    const timing = await measure(`${kind} · GET the PDF link (${(pdf.length / 1024).toFixed(0)} KB)`, runs, generate);

    await sleep(2000);
    const pid = server.pid!;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
    const times: number[] = [];
    for (let n = 0; n < 100; n++) {
      const t = performance.now();
      await generate();
      times.push(performance.now() - t);
    }
    clearInterval(sampler);
    await sleep(2000);
    const after = rssMb(pid);
    times.sort((a, b) => a - b);
    console.log(
      `${kind} · 100 in a row: p50 ${percentile(times, 50).toFixed(1)} ms, total ${(times.reduce((s, t) => s + t, 0) / 1000).toFixed(1)} s; ` +
        `server RSS before ${before} MB, peak ${peak} MB, 2 s after ${after} MB`,
    );
    console.log(
      `| ${kind} | ${timing.p50} | ${timing.p95} | ${before} / ${peak} / ${after} |`.padEnd(10) +
        '   (database | p50 ms | p95 ms | RSS before / peak / after, MB)',
    );

    const file = join(outDir, `invoice-bench-${kind}.pdf`);
    writeFileSync(file, pdf);
    if (spawnSync('pdftoppm', ['-v']).status === 0) {
      spawnSync('pdftoppm', ['-r', '80', '-png', file, join(outDir, `invoice-bench-${kind}`)]);
      console.log(`written: ${file} and its pages as PNG beside it`);
    } else console.log(`written: ${file}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const input = await inputs();
for (const kind of kinds) await bench(kind, input);
