import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { Answer } from './state.ts';

// The stand-in PSP's plumbing: constant-time comparison, the body read, the JSON answer written.

export function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function parseJson(raw: string): unknown {
  if (!raw) return {};
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1_000_000) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function reply(res: http.ServerResponse, a: Answer) {
  if (res.headersSent) return;
  const isProblem = a.status >= 400 && a.body && typeof a.body === 'object' && 'type' in (a.body as object);
  const text = a.body === undefined ? '' : JSON.stringify(a.body);
  res.writeHead(a.status, text ? { 'content-type': isProblem ? 'application/problem+json' : 'application/json' } : {});
  res.end(text);
}
