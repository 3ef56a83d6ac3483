import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, messages } from '@ordem-certa/contracts';
import type { Database, Db } from '@ordem-certa/db';
import type { Config, TrustProxy } from './config.ts';
import { createTokenService, registerAuth, type AuthContext, type TokenService } from './plugins/auth.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { guardedValidatorCompiler } from './plugins/validation.ts';
import { compiledSerializerCompiler } from './plugins/serialization.ts';
import { createLocalStorage, type FileStorage } from './lib/storage.ts';
import { postgresRateLimitStore } from './lib/rate-limit-store.ts';
import { logSerializers } from './lib/log.ts';
import { createLinkSigner, type LinkSigner } from './lib/signed-links.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { apiModules } from './modules/index.ts';
import { startReminderJob } from './modules/notifications/reminder-job.ts';
import { startMaintenancePlanJob } from './modules/maintenance-plans/maintenance-plan-job.ts';
import { startReceivableJob } from './modules/payments/receivable-job.ts';
import { startNfseJob } from './modules/nfse/nfse-job.ts';
import type { Job } from './lib/interval-job.ts';
import { inlineScriptSources, webShell } from './lib/web-shell.ts';
import { trackCommits } from './lib/after-commit.ts';
import { onNotificationsCommitted } from './modules/notifications/notify.ts';
import { createPushSender, type PushSender } from './modules/push/push-sender.ts';
import { loadVapidKeys, type VapidKeys } from './modules/push/vapid.ts';
import { createPushEndpoints, type PushEndpoints } from './modules/push/push-endpoints.ts';
import { systemResolve, type Resolve } from './lib/outbound.ts';
import { tasks, type Tasks } from './tasks.ts';
import { createOpenApiTransforms } from './lib/openapi.ts';

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
    /** The Web Push key pair (loaded or generated on first use). */
    vapid: () => Promise<VapidKeys>;
    /** Sends committed notifications to their users' phones. */
    push: PushSender;
    /** Which push subscription endpoints the server sends to, and how it connects to them. */
    pushEndpoints: PushEndpoints;
    /** Bulk work on the task threads: imports, archives' compression, CSV reports (src/tasks.ts). */
    tasks: Tasks;
  }
}

export type AppConfig = Pick<Config, 'tokenTtlSeconds' | 'loginRateLimitPerMinute' | 'dataDir'> & {
  jwtSecret: string;
} & Partial<
    Pick<
      Config,
      | 'trustProxy'
      | 'appUrl'
      | 'cepApiUrl'
      | 'cepFallbackUrl'
      | 'cnpjApiUrl'
      | 'nfseApiUrl'
      | 'nfseProductionApiUrl'
      | 'secretsKey'
      | 'secretsKeyRequired'
      | 'vapidPublicKey'
      | 'vapidPrivateKey'
      | 'vapidSubject'
      | 'pushAllowedHosts'
      | 'pushAllowLocalhost'
    >
  >;

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
  /** How host names of outside addresses users give (push endpoints) resolve (default: the system's). */
  resolve?: Resolve;
  /**
   * Run the background jobs (main.ts does; tests that exercise them do): due reminders every
   * `reminderIntervalMs`, maintenance plans' orders every `maintenancePlanIntervalMs`, overdue
   * instalments' notifications every `receivableIntervalMs`, the NFS-e waiting to be sent every
   * `nfseIntervalMs` (0 or absent: off).
   */
  jobs?: {
    reminderIntervalMs: number;
    maintenancePlanIntervalMs?: number;
    receivableIntervalMs?: number;
    nfseIntervalMs?: number;
  };
}

/** A hop count trusts that many proxies nearest to us; fastify's typings take it as a function. */
const trustProxyOption = (t: TrustProxy) => (typeof t === 'number' ? (_: string, hop: number) => hop < t : t);

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
  const logger = opts.logger ?? false;
  const app = Fastify({
    // Every log line goes through these: no link tokens in URLs, no query parameters in errors.
    logger: logger && { ...(logger === true ? {} : logger), serializers: logSerializers },
    // Forwarded headers only from configured proxies (TRUST_PROXY); by default request.ip is the peer.
    trustProxy: trustProxyOption(opts.config.trustProxy ?? false),
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);

  // Callbacks of afterCommit (the push of a notification) run once their transaction commits.
  trackCommits(opts.database.db);
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
  app.decorate('tasks', tasks);

  // The VAPID keys are read (or made) once, when first needed; a failure is tried again next time.
  let vapid: Promise<VapidKeys> | undefined;
  app.decorate('vapid', () => {
    vapid ??= loadVapidKeys(
      opts.database.db,
      {
        publicKey: opts.config.vapidPublicKey,
        privateKey: opts.config.vapidPrivateKey,
        subject: opts.config.vapidSubject,
      },
      opts.config.appUrl,
    ).catch((err) => {
      vapid = undefined;
      throw err;
    });
    return vapid;
  });
  app.decorate(
    'pushEndpoints',
    createPushEndpoints({
      allowedHosts: opts.config.pushAllowedHosts,
      allowLocalhost: opts.config.pushAllowLocalhost,
      resolve: opts.resolve ?? systemResolve,
    }),
  );
  app.decorate('push', createPushSender(opts.database.db, app.log, app.vapid, app.pushEndpoints));
  // Every notification committed is pushed to its user's phones, after its transaction.
  const stopPushing = onNotificationsCommitted(opts.database.db, (written) => app.push.send(written));
  app.addHook('onClose', async () => {
    stopPushing();
    await app.push.idle();
  });

  registerErrorHandler(app);
  // While closing (SIGTERM), requests in flight still finish, but their connections are not kept
  // alive for more: the client's next request goes to another instance.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // The security headers, built once: @fastify/helmet built helmet's middleware again on every request,
  // parsing the CSP directives each time (3 % of the server's time under load).
  const serveWeb = opts.serveWeb ?? existsSync(join(webDistDir, 'index.html'));
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(serveWeb ? inlineScriptSources(webDistDir) : [])],
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
    // No page of ours uses these browser features; a script that got in cannot either. The camera for
    // photos goes through the file picker, which needs no permission.
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so every instance sees the same client's requests.
    store: postgresRateLimitStore(opts.database.db),
    errorResponseBuilder: () => ({ statusCode: 429, errors: [messages.loginTooMany] }),
  });
  // Uploads (logo, signature image, photos): one file a request, its size checked while it streams.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Ordem Certa — API', version: '1.0.0', description: 'API do back office de ordens de serviço.' },
      servers: [{ url: '/', description: 'Este servidor' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    ...createOpenApiTransforms(),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.decorateRequest('auth', null as unknown as AuthContext);
  await app.register(
    async (api) => {
      // Every route registered in this scope goes through the one access check.
      registerAuth(api, opts.database.db, opts.database.announcements, app.tokens);
      // Writes under /organizations/:orgId/ sent with an Idempotency-Key answer once per key.
      registerIdempotency(api, opts.database.db);
      for (const mod of [...apiModules, ...(opts.extraModules ?? [])]) await api.register(mod);
    },
    { prefix: '/api' },
  );

  if (opts.jobs) {
    const {
      reminderIntervalMs,
      maintenancePlanIntervalMs = 0,
      receivableIntervalMs = 0,
      nfseIntervalMs = 0,
    } = opts.jobs;
    const jobs: Job[] = [];
    app.addHook('onReady', async () => {
      if (reminderIntervalMs > 0) jobs.push(startReminderJob(opts.database.db, app.log, reminderIntervalMs));
      if (maintenancePlanIntervalMs > 0)
        jobs.push(startMaintenancePlanJob(opts.database.db, app.log, maintenancePlanIntervalMs));
      if (receivableIntervalMs > 0) jobs.push(startReceivableJob(opts.database.db, app.log, receivableIntervalMs));
      if (nfseIntervalMs > 0) jobs.push(startNfseJob(app, nfseIntervalMs));
    });
    app.addHook('onClose', async () => {
      await Promise.all(jobs.map((job) => job.stop()));
    });
  }

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
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
