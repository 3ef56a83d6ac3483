import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Starting tsx and making the stand-in's own certificate takes a few seconds on a busy machine.
it('runs from the command line for demos, prints its URL and answers there', { timeout: 30_000 }, async () => {
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
    // Its controls, for tests that run it in another process, and the parameters API beside it.
    const convenio = () => fetch(`${url}/parametrizacao/3550308/convenio`).then((r) => r.status);
    expect(await convenio()).toBe(200);
    const put = await fetch(`${url}/_stand-in/municipios/3550308`, {
      method: 'PUT',
      body: JSON.stringify({ joined: false }),
    });
    expect(put.status).toBe(204);
    expect(await convenio()).toBe(404);
    const cancel = await fetch(`${url}/_stand-in/nfse/${'1'.repeat(50)}/cancelar`, { method: 'POST' });
    expect(cancel.status).toBe(404);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await new Promise((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );
  expect(code).toBe(0);
});
