import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('runs from the command line for demos, prints its URL and answers there', async () => {
  const script = fileURLToPath(new URL('./sefin-stand-in.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
    });
    const res = await fetch(`${url}/nfse`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ erros: [{ Codigo: 'E9001' }] });
  } finally {
    child.kill('SIGTERM');
  }
  const code = await new Promise((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );
  expect(code).toBe(0);
});
