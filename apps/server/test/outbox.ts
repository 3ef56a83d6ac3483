import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '../src/lib/mailer.ts';

/** A mailer that writes .eml files to a fresh folder, and what it wrote to someone (decoded). */
export function testOutbox(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const qp = (s: string) =>
    Buffer.from(
      s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const mailsTo = (to: string) =>
    readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .filter((m) => m.includes(`To: ${to}`))
      .map(qp);
  return {
    mailer: createMailer({ outboxDir: dir }),
    mailsTo,
    /** Waits (on the folder, not a fixed time) until `n` mails to `to` are there. */
    async waitFor(to: string, n: number) {
      for (let i = 0; i < 200 && mailsTo(to).length < n; i++) await new Promise((r) => setTimeout(r, 50));
      return mailsTo(to);
    },
  };
}
