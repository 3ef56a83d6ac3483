import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { messages } from '@ordem-certa/contracts';
import { webShell } from '../lib/web-shell.ts';

/** The built SPA (apps/web/dist). */
export const webDistDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'web', 'dist');

/**
 * Files under assets/ carry a hash of their content in their name, so a browser may keep them for a
 * year without asking again; anything else (index.html, the icon) is checked on every visit so a new
 * release is seen at once.
 */
export function staticCacheControl(path: string): string {
  return /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The SPA's files (when `serveWeb`), its shell for client-side routes, and the 404 of everything else:
 * an unknown /api path or a file that is not there.
 */
export const webPlugin = fp<{ serveWeb: boolean }>(
  async (app, { serveWeb }) => {
    if (serveWeb) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each file: the smallest one the browser accepts is sent.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, path) => reply.header('cache-control', staticCacheControl(path)),
      });
    }
    const shell = serveWeb ? webShell(webDistDir) : undefined;
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (
        path.startsWith('/api/') ||
        path === '/api' ||
        !serveWeb ||
        (request.method !== 'GET' && request.method !== 'HEAD')
      ) {
        return reply.code(404).send({ errors: [messages.resourceNotFound] });
      }
      // Client-side routes get the SPA shell; it shows 'Página não encontrada' for unknown ones.
      reply.header('cache-control', 'no-cache');
      const html = shell?.(path);
      if (html) return reply.type('text/html; charset=utf-8').send(html);
      return reply.sendFile('index.html', { cacheControl: false });
    });
  },
  { name: 'web' },
);
