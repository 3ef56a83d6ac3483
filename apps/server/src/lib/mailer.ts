import { mkdir, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { onFirstUse } from './on-first-use.ts';
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files.ts';

export interface MailMessage {
  /**
   * The sender as a display name and an address, handed to nodemailer apart: a name is only ever the
   * name (a company called `Evil <x@y.z>, "a" <b@c.d>` cannot choose the address), quoted as needed.
   */
  from: { name: string; address: string };
  replyTo?: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** What became of a message: accepted by the SMTP server, or written to the outbox as an .eml file. */
export type MailResult = { status: 'sent'; messageId: string } | { status: 'written'; file: string };

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, 'outbox' otherwise. */
  readonly kind: 'smtp' | 'outbox';
  /** Throws when the message could not be delivered to the SMTP server or written. */
  send(message: MailMessage): Promise<MailResult>;
  /**
   * Deletes an .eml this mailer wrote to the outbox (`file` as MailResult gave it), e.g. when the
   * recipient's data is anonymized; a file already gone is not an error.
   */
  discardWritten?(file: string): Promise<void>;
}

/** The outbox's file names as `send` makes them; anything else is never taken as a path. */
const OUTBOX_FILE = /^[\w-]+\.eml$/;

type Nodemailer = typeof import('nodemailer');

/**
 * The transport, made with the first message: nodemailer (about 3 MB of the process's memory) is not
 * loaded at start, as a process may serve for hours before it sends one.
 */
const transportOnFirstUse = (create: (nodemailer: Nodemailer) => Transporter) =>
  onFirstUse(() => import('nodemailer').then((m) => create((m.default ?? m) as Nodemailer)));

/**
 * SMTP through nodemailer when `smtpUrl` (smtp:// or smtps://, credentials in the URL) is given;
 * otherwise each message is written whole (MIME, attachments included) as an .eml file under
 * `outboxDir`, where it can be opened or handed to a mail server later. Never dropped silently.
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string }): Mailer {
  // Messages written while there was no SMTP_URL stay in the outbox after it is set.
  const discardWritten = async (file: string) => {
    if (!OUTBOX_FILE.test(file)) throw new Error(`invalid outbox file ${file}`);
    await rm(join(opts.outboxDir, file), { force: true });
  };
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    const transport = transportOnFirstUse((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      kind: 'smtp',
      discardWritten,
      async send(message) {
        const info = await (await transport()).sendMail(message);
        return { status: 'sent', messageId: info.messageId };
      },
    };
  }
  const transport = transportOnFirstUse((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    kind: 'outbox',
    discardWritten,
    async send(message) {
      const info = await (await transport()).sendMail(message);
      await mkdir(opts.outboxDir, { recursive: true, mode: PRIVATE_DIR });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(join(opts.outboxDir, file), info.message as Buffer, { flag: 'wx', mode: PRIVATE_FILE });
      return { status: 'written', file };
    },
  };
}
