import type { FastifyReply } from 'fastify';
import { messages } from '@ordem-certa/contracts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';

// What the routes reached from a link share: each call is authorized by the token in its link
// (lib/signed-links.ts, or the order's random signing token), not by a login.

/** Per IP: a phone signing needs a handful of calls; a script guessing links gets nowhere. */
export const linkRateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  errorResponseBuilder: () => ({ statusCode: 429, errors: [messages.tooManyRequests] }),
});

/** A PDF opened in a browser tab from a signed link; its errors become a readable page, not a JSON body. */
export async function sendPdf(reply: FastifyReply, make: () => Promise<{ pdf: Buffer; fileName: string }>) {
  try {
    const { pdf, fileName } = await make();
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .send(pdf);
  } catch (err) {
    if (!(err instanceof AppError) || !Array.isArray(err.errors)) throw err;
    const message = escapeHtml(err.errors.join(' '));
    return reply
      .code(err.statusCode)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>PDF indisponível</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2328"><h1 style="font-size:1.25rem">PDF indisponível</h1><p>${message}</p></body></html>`,
      );
  }
}
