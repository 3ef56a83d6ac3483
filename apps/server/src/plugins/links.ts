import fp from 'fastify-plugin';
import { createLinkSigner, type LinkSigner } from '../lib/signed-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the short links of PDFs and files opened without a login. */
    links: LinkSigner;
  }
}

export const linksPlugin = fp<{ secret: string }>(
  async (app, { secret }) => {
    app.decorate('links', createLinkSigner(secret));
  },
  { name: 'links' },
);
