import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, messages } from '@oficina/contracts';
import type { Database, Db } from '@oficina/db';
import type { Config } from './config.ts';
import { createTokenService, registerAuth, type AuthContext, type TokenService } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { createLocalStorage, type FileStorage } from './lib/storage.ts';
import { createLinkSigner, type LinkSigner } from './lib/signed-links.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { apiModules } from './modules/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
    tokens: TokenService;
    config: AppConfig;
    storage: FileStorage;
    links: LinkSigner;
    mailer: Mailer;
    mailFrom: string | undefined;
  }
}

export type AppConfig = Pick<Config, 'jwtSecret' | 'tokenTtlSeconds' | 'loginRateLimitPerMinute' | 'dataDir'>;

export const webDistDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');

export interface BuildOptions {
  database: Database;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA (default: when apps/web/dist exists). */
  serveWeb?: boolean;
  /** API modules added to the standard ones (tests register probe routes this way). */
  extraModules?: FastifyPluginAsyncZod[];
  /** Uploaded files (default: local disk under `${dataDir}/files`). */
  storage?: FileStorage;
  /** Outgoing e-mail (default: SMTP_URL through nodemailer, else .eml files under `${dataDir}/outbox`). */
  mailer?: Mailer;
  /** The sender of outgoing e-mail (MAIL_FROM); default: the company's e-mail. */
  mailFrom?: string;
}

/**
 * Files under assets/ carry a hash of their content in their name, so a browser may keep them for a
 * year without asking again; anything else (index.html, the icon) is checked on every visit so a new
 * release is seen at once.
 */
export function staticCacheControl(path: string): string {
  return /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Builds the Fastify app without listening: main.ts listens, tests use inject(). */
export async function buildApp(opts: BuildOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('config', opts.config);
  app.decorate('tokens', createTokenService(opts.config.jwtSecret, opts.config.tokenTtlSeconds));
  app.decorate('links', createLinkSigner(opts.config.jwtSecret));
  app.decorate('storage', opts.storage ?? createLocalStorage(join(opts.config.dataDir, 'files')));
  app.decorate(
    'mailer',
    opts.mailer ??
      createMailer({ smtpUrl: process.env.SMTP_URL || undefined, outboxDir: join(opts.config.dataDir, 'outbox') }),
  );
  app.decorate('mailFrom', opts.mailFrom ?? (process.env.MAIL_FROM || undefined));

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-bootstrap and toasts set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, errors: [messages.loginTooMany] }),
  });
  // Uploads (logo, signature image, photos): one file a request, its size checked while it streams.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Oficina — API', version: '1.0.0', description: 'API do back office de ordens de serviço.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.decorateRequest('auth', null as unknown as AuthContext);
  await app.register(
    async (api) => {
      // Every route registered in this scope goes through the one access check.
      registerAuth(api, opts.database.db, app.tokens);
      for (const mod of [...apiModules, ...(opts.extraModules ?? [])]) await api.register(mod);
    },
    { prefix: '/api' },
  );

  const serveWeb = opts.serveWeb ?? existsSync(join(webDistDir, 'index.html'));
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
