import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The origin a tile URL template's images come from, for the CSP: `{s}` (the subdomains) is any. */
export const tileOrigin = (template: string) => /^https?:\/\/[^/]+/.exec(template)![0].replace('{s}', '*');

/**
 * The security headers of every answer, built once: @fastify/helmet built helmet's middleware again on
 * every request, parsing the CSP directives each time (3 % of the server's time under load).
 * `scriptSources` are the inline scripts of the served SPA's shell, allowed by their hashes;
 * `imageSources` the other origins images come from (the map's tiles).
 */
export const securityHeadersPlugin = fp<{ scriptSources: string[]; imageSources?: string[] }>(
  async (app, { scriptSources, imageSources = [] }) => {
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptSources],
          // react-bootstrap and toasts set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The map's tile server (MAP_TILES_URL) serves images only.
          imgSrc: ["'self'", 'data:', 'blob:', ...imageSources],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Headers that agree: no framing (CSP frame-ancestors 'none' and X-Frame-Options DENY); HSTS only
      // on HTTPS responses (below), as browsers ignore it over plain HTTP and it must not promise what
      // a plain-HTTP install cannot keep.
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
    );
    app.addHook('onSend', async (request, reply) => {
      // No page of ours uses these browser features but the position (the technician's stamps on an
      // order, from this origin only, never a frame's); a script that got in cannot use the others. The
      // camera for photos goes through the file picker, which needs no permission.
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self), payment=(), usb=()');
      if (request.protocol === 'https')
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security-headers' },
);
