import type { FastifyInstance } from 'fastify';
import { accountMailDeps } from '../../core/access/account-mail.ts';
import { sendAccountEmails } from '../../core/access/email-verification.ts';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';

/**
 * The account e-mails left queued: those whose send right after the commit failed (the SMTP server
 * was down) or never ran (the process stopped). Rows are claimed with SKIP LOCKED, so any number of
 * instances share them.
 */
export function startAccountMailJob(app: FastifyInstance, everyMs: number): Job {
  return startIntervalJob(app.log, 'account e-mail job', everyMs, () =>
    sendAccountEmails(accountMailDeps(app, app.log)),
  );
}
