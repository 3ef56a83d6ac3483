import fp from 'fastify-plugin';
import type { Mailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The sender of outgoing e-mail (MAIL_FROM); undefined: the company's e-mail. */
    mailFrom: string | undefined;
  }
}

export const mailerPlugin = fp<{ mailer: Mailer; from: string | undefined }>(
  async (app, { mailer, from }) => {
    app.decorate('mailer', mailer);
    app.decorate('mailFrom', from);
  },
  { name: 'mailer' },
);
