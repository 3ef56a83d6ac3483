import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@ordem-certa/contracts';

/** Uploads (logo, signature image, photos): one file a request, its size checked while it streams. */
export const uploadsPlugin = fp(
  async (app) => {
    await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 20 } });
  },
  { name: 'uploads' },
);
