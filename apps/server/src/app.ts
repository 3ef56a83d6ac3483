import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@ordem-certa/db';
import type { TrustProxy } from './config.ts';
import { logSerializers } from './lib/log.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createLocalStorage, type FileStorage } from './lib/storage.ts';
import { inlineScriptSources } from './lib/web-shell.ts';
import { accessPlugin, authPlugin } from './plugins/auth.ts';
import { configPlugin, type AppConfig } from './plugins/config.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { gracefulClosePlugin } from './plugins/graceful-close.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { linksPlugin } from './plugins/links.ts';
import { mailerPlugin } from './plugins/mailer.ts';
import { pushPlugin } from './plugins/push.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin, tileOrigin } from './plugins/security-headers.ts';
import { serializationPlugin } from './plugins/serialization.ts';
import { storagePlugin } from './plugins/storage.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { validationPlugin } from './plugins/validation.ts';
import { webDistDir, webPlugin } from './plugins/web.ts';
import type { Resolve } from './lib/outbound.ts';
import { tasks } from './tasks.ts';
import { apiModules } from './modules/index.ts';
import { startMaintenancePlanJob } from './modules/maintenance-plans/maintenance-plan-job.ts';
import { startNfseJob } from './modules/nfse/nfse-job.ts';
import { startReminderJob } from './modules/notifications/reminder-job.ts';
import { startReceivableJob } from './modules/payments/receivable-job.ts';
import { startContractJob } from './modules/contracts/contract-billing.ts';
import { startWhatsAppJob } from './modules/whatsapp/whatsapp-job.ts';
import { startPixChargeJob } from './modules/pix/charge-job.ts';
import { demoPspPlugin } from './modules/pix/demo-psp.ts';
import { startPixReconcileJob } from './modules/pix/reconcile-job.ts';
import { startAccountMailJob } from './modules/signup/account-mail-job.ts';
import { startFieldJob } from './modules/field/field-job.ts';

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
   * `nfseIntervalMs`, the WhatsApp messages queued every `whatsappIntervalMs` (0 or absent: off).
   */
  jobs?: {
    reminderIntervalMs: number;
    maintenancePlanIntervalMs?: number;
    receivableIntervalMs?: number;
    /** The maintenance contracts' periods billed as they come due, their NFS-e and charges' e-mails. */
    contractIntervalMs?: number;
    nfseIntervalMs?: number;
    whatsappIntervalMs?: number;
    /** The Pix charges of queued orders, and the reading of the PSPs for missed Pix. */
    pixChargeIntervalMs?: number;
    pixReconcileIntervalMs?: number;
    /** The account e-mails (the sign-up's confirmation link) still queued. */
    accountMailIntervalMs?: number;
    /** New addresses geocoded, stamps past their retention reduced to their times. */
    fieldIntervalMs?: number;
  };
  /**
   * Run the demo's stand-in PSP in this process (only with the demo data, never in production);
   * `connectDemoCompany` when the demo data was just written.
   */
  demoPsp?: { connectDemoCompany: boolean };
}

/** A hop count trusts that many proxies nearest to us; fastify's typings take it as a function. */
const trustProxyOption = (t: TrustProxy) => (typeof t === 'number' ? (_: string, hop: number) => hop < t : t);

/**
 * Builds the Fastify app without listening: main.ts listens, tests use inject(). The app is its
 * plugins, one per concern, in the order they must run: compilers, the services the routes use
 * (database, settings, tokens, links, files, mail, push), the error handler, the headers and limits
 * of every answer, the API document, then the API under /api behind the access check, the jobs and
 * the SPA.
 */
export async function buildApp(opts: BuildOptions) {
  const { config, database } = opts;
  const logger = opts.logger ?? false;
  const app = Fastify({
    // Every log line goes through these: no link tokens in URLs, no query parameters in errors.
    logger: logger && { ...(logger === true ? {} : logger), serializers: logSerializers },
    // Forwarded headers only from configured proxies (TRUST_PROXY); by default request.ip is the peer.
    trustProxy: trustProxyOption(config.trustProxy ?? false),
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  const serveWeb = opts.serveWeb ?? existsSync(join(webDistDir, 'index.html'));

  await app.register(validationPlugin);
  await app.register(serializationPlugin);
  await app.register(dbPlugin, { database });
  // Bulk work on the task threads: imports, archives' compression, CSV reports (tasks.ts).
  app.decorate('tasks', tasks);
  await app.register(configPlugin, { config });
  await app.register(authPlugin, { secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds });
  await app.register(linksPlugin, { secret: config.jwtSecret });
  await app.register(storagePlugin, { storage: opts.storage ?? createLocalStorage(join(config.dataDir, 'files')) });
  await app.register(mailerPlugin, {
    mailer:
      opts.mailer ??
      createMailer({ smtpUrl: process.env.SMTP_URL || undefined, outboxDir: join(config.dataDir, 'outbox') }),
    from: opts.mailFrom ?? (process.env.MAIL_FROM || undefined),
  });
  await app.register(pushPlugin, { resolve: opts.resolve });
  await app.register(errorsPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(securityHeadersPlugin, {
    scriptSources: serveWeb ? inlineScriptSources(webDistDir) : [],
    imageSources: config.mapTilesUrl ? [tileOrigin(config.mapTilesUrl)] : [],
  });
  await app.register(rateLimitPlugin);
  await app.register(uploadsPlugin);
  await app.register(docsPlugin);
  if (opts.demoPsp) await app.register(demoPspPlugin, opts.demoPsp);
  else app.decorate('demoPsp', { standIn: null, ready: Promise.resolve() });
  await app.register(
    async (api) => {
      // Every route registered in this scope goes through the one access check.
      await api.register(accessPlugin);
      // Writes under /organizations/:orgId/ sent with an Idempotency-Key answer once per key.
      await api.register(idempotencyPlugin);
      for (const mod of [...apiModules, ...(opts.extraModules ?? [])]) await api.register(mod);
    },
    { prefix: '/api' },
  );
  if (opts.jobs) {
    const {
      reminderIntervalMs,
      maintenancePlanIntervalMs = 0,
      receivableIntervalMs = 0,
      contractIntervalMs = 0,
      nfseIntervalMs = 0,
      whatsappIntervalMs = 0,
      pixChargeIntervalMs = 0,
      pixReconcileIntervalMs = 0,
      accountMailIntervalMs = 0,
      fieldIntervalMs = 0,
    } = opts.jobs;
    await app.register(jobsPlugin, {
      jobs: [
        { everyMs: reminderIntervalMs, start: (ms) => startReminderJob(app.db, app.log, ms) },
        { everyMs: maintenancePlanIntervalMs, start: (ms) => startMaintenancePlanJob(app.db, app.log, ms) },
        { everyMs: receivableIntervalMs, start: (ms) => startReceivableJob(app.db, app.log, ms) },
        { everyMs: contractIntervalMs, start: (ms) => startContractJob(app, ms) },
        { everyMs: nfseIntervalMs, start: (ms) => startNfseJob(app, ms) },
        { everyMs: whatsappIntervalMs, start: (ms) => startWhatsAppJob(app, ms) },
        { everyMs: pixChargeIntervalMs, start: (ms) => startPixChargeJob(app, ms) },
        { everyMs: pixReconcileIntervalMs, start: (ms) => startPixReconcileJob(app, ms) },
        { everyMs: accountMailIntervalMs, start: (ms) => startAccountMailJob(app, ms) },
        { everyMs: fieldIntervalMs, start: (ms) => startFieldJob(app, ms) },
      ],
    });
  }
  await app.register(webPlugin, { serveWeb });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
