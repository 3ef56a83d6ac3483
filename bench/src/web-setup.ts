// What the browser benchmarks (web, field) share: the real server on a fresh embedded database with
// the demo data (or BASE_URL), and the technician's heaviest order, signed with a phone-sized drawing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { freePort, serverArgs, waitForServer } from './setup.ts';

export async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), 'oficina-bench-web-'));
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const child: ChildProcess = spawn('node', serverArgs(), {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/login`, undefined, 1200);
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function api<T>(base: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(base + path, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A signature as a phone sends it: the canvas at 3x pixels (1125 x 600), a few hundred strokes. */
export async function phoneSignature(): Promise<string> {
  let seed = 7;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 1;
  const paths: string[] = [];
  for (let s = 0; s < 400; s++) {
    let x = 60 + rnd() * 1000;
    let y = 150 + rnd() * 300;
    let d = `M${x.toFixed(1)} ${y.toFixed(1)}`;
    for (let k = 0; k < 12; k++) {
      x += (rnd() - 0.5) * 60;
      y += (rnd() - 0.5) * 60;
      d += ` L${x.toFixed(1)} ${y.toFixed(1)}`;
    }
    paths.push(`<path d="${d}" stroke="#111" stroke-width="${(2 + rnd() * 5).toFixed(1)}" fill="none"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1125" height="600">${paths.join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export interface Setup {
  token: string;
  orderPath: string;
  signatureBytes: number;
}

export async function prepare(base: string): Promise<Setup> {
  const { token } = await api<{ token: string }>(base, '/api/login', {
    body: { username: 'tecnico@demo.com.br', password: 'demo1234' },
  });
  const list = await api<{ data: Array<{ id: number }> }>(base, '/api/organizations/1/invoices/filter?take=20', {
    token,
  });
  // The technician's order with the most lines: the heaviest screen they open.
  let best = { id: 0, lines: -1, signUrl: null as string | null };
  for (const { id } of list.data) {
    const d = await api<{ invoiceServices: unknown[]; invoiceProducts: unknown[]; signUrl: string | null }>(
      base,
      `/api/organizations/1/invoices/${id}`,
      { token },
    );
    const lines = d.invoiceServices.length + d.invoiceProducts.length;
    if (lines > best.lines) best = { id, lines, signUrl: d.signUrl };
  }
  const signature = await phoneSignature();
  if (best.signUrl) {
    const url = new URL(best.signUrl, base);
    await api(base, `/api/public/invoices/${best.id}/sign${url.search}`, {
      body: { signature, signerName: 'Cliente Bench' },
    });
  }
  return { token, orderPath: `/invoices/${best.id}/edit`, signatureBytes: signature.length };
}
