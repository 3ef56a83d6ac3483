import fp from 'fastify-plugin';
import type { FileStorage } from '../lib/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: a local folder or an S3-compatible bucket. */
    storage: FileStorage;
  }
}

export const storagePlugin = fp<{ storage: FileStorage }>(
  async (app, { storage }) => {
    app.decorate('storage', storage);
  },
  { name: 'storage' },
);
