import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_VERIFICATION_TTL_DAYS, signupMessages } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { AppError } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { sendAccountMail, type AccountMailDeps } from './account-mail.ts';

/**
 * Confirming the owner's e-mail after sign-up. The link names the user, the organization and the
 * address it was sent to: it confirms only while the user is active and still has that address. Until
 * it is used the organization sends nothing to its customers (assertMaySendToCustomers).
 */
const PURPOSE = 'email-verification';
/** A send that failed is tried again by the job this many times in all, then left as failed. */
const MAX_ATTEMPTS = 5;
/** A row taken by a sender that never finished (a crash mid-send) is taken again after this long. */
const CLAIM_MINUTES = 10;
const BATCH = 20;

const ae = schema.accountEmails;

/** Queues the e-mail with the confirmation link in `tx`, the transaction that makes the need for it. */
export async function queueEmailVerification(tx: Db | Tx, to: { organizationId: number; userId: number }) {
  const [row] = await tx
    .insert(ae)
    .values({ organizationId: to.organizationId, userId: to.userId, purpose: PURPOSE })
    .returning({ id: ae.id });
  return row!.id;
}

interface Claimed {
  id: number;
  attempts: number;
  organizationId: number;
  userId: number;
  name: string;
  email: string;
}

/** Takes queued rows (these ids, or the oldest waiting) for this sender, in one short statement. */
async function claim(db: Db, ids?: number[]) {
  const which = ids
    ? sql`AND e.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<Claimed>(
    db,
    sql`UPDATE account_emails a SET claimed_at = now(), attempts = a.attempts + 1
        FROM (SELECT e.id FROM account_emails e
               WHERE e.status = 'queued'
                 AND (e.claimed_at IS NULL OR e.claimed_at < now() - make_interval(mins => ${CLAIM_MINUTES}))
                 ${which}
               ORDER BY e.id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED) picked,
             users u
       WHERE a.id = picked.id AND u.organization_id = a.organization_id AND u.id = a.user_id
       RETURNING a.id, a.attempts, a.organization_id AS "organizationId", a.user_id AS "userId", u.name, u.email`,
  );
}

/**
 * Sends queued account e-mails: the ones just queued (`ids`, right after their commit) or, from the
 * job, whatever waits. Each is marked with its outcome; a failure is left queued for the job to try
 * again, up to MAX_ATTEMPTS. Answers whether a full batch was taken (more may wait).
 */
export async function sendAccountEmails(deps: AccountMailDeps, ids?: number[]) {
  const rows = await claim(deps.db, ids);
  for (const row of rows) {
    try {
      const token = await deps.links.sign(
        PURPOSE,
        { uid: row.userId, org: row.organizationId, email: row.email },
        EMAIL_VERIFICATION_TTL_DAYS * 86_400,
      );
      const result = await sendAccountMail(deps, row, {
        subject: 'confirme o seu e-mail',
        before: [
          'Sua conta foi criada. Para enviar orçamentos e ordens de serviço aos seus clientes, confirme que este e-mail é seu.',
          `Use este link (vale por ${EMAIL_VERIFICATION_TTL_DAYS} dias):`,
        ],
        link: { url: `${deps.appUrl}/confirmar-email?token=${encodeURIComponent(token)}`, label: 'Confirmar e-mail' },
        after: ['Se não foi você quem criou a conta, ignore este e-mail.'],
      });
      await deps.db.update(ae).set({ status: result.status, sentAt: new Date(), error: null }).where(eq(ae.id, row.id));
    } catch (err) {
      deps.log.error({ err }, 'account e-mail not sent');
      await deps.db
        .update(ae)
        .set({
          status: row.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
          claimedAt: null,
          error: (err as Error).message.slice(0, 500),
        })
        .where(eq(ae.id, row.id));
    }
  }
  return rows.length === BATCH;
}

const linkGone = () => new AppError(410, [signupMessages.linkInvalid]);

/** POST /api/signup/verify: the organization counts as confirmed from now; 410 for a link that no longer holds. */
export async function confirmEmail(deps: Pick<AccountMailDeps, 'db' | 'links'>, token: string) {
  const claims = await deps.links.verify(PURPOSE, token);
  if (
    typeof claims !== 'object' ||
    typeof claims.uid !== 'number' ||
    typeof claims.org !== 'number' ||
    typeof claims.email !== 'string'
  )
    throw linkGone();
  const u = schema.users;
  const [user] = await deps.db
    .select({ id: u.id })
    .from(u)
    .where(
      and(
        eq(u.id, claims.uid),
        eq(u.organizationId, claims.org),
        eq(u.isActive, true),
        eq(sql`lower(${u.email})`, claims.email.toLowerCase()),
      ),
    );
  if (!user) throw linkGone();
  // A second use finds it confirmed already and answers alike.
  await deps.db
    .update(schema.organizations)
    .set({ verifiedAt: sql`coalesce(${schema.organizations.verifiedAt}, now())` })
    .where(eq(schema.organizations.id, claims.org));
}

/** Whether the organization may send to its customers: refused (403) until its e-mail is confirmed. */
export async function assertMaySendToCustomers(db: Db | Tx, organizationId: number) {
  if (!(await isVerified(db, organizationId))) throw new AppError(403, [signupMessages.unverified]);
}

export async function isVerified(db: Db | Tx, organizationId: number) {
  const [org] = await db
    .select({ verifiedAt: schema.organizations.verifiedAt })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  return !!org?.verifiedAt;
}
