import { and, eq, sql } from 'drizzle-orm';
import { whatsappEventLabels, type WhatsAppEvent } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { escapeHtml } from '../../lib/html.ts';
import { queryRows } from '../../lib/sql.ts';
import { CloudApiUnreachable, sendMessage, templateMessageBody, textMessageBody } from './cloud-api.ts';
import { callOf, loadConnection, type Connection, type WhatsAppContext } from './connection.ts';
import { classifyError, MAX_ATTEMPTS, retryDelaySeconds, type Classified } from './meta-errors.ts';
import { queueEmailFallback } from './fallback.ts';
import { applyStoredStatuses, lockMessageId } from './statuses.ts';
import { TEMPLATE_LANGUAGE, templateByName } from './templates.ts';
import { templateState } from './templates.service.ts';
import { armPortalLink, portalLinkUrl } from '../../core/portal/portal-links.ts';
import { PORTAL_LINK_PARAMETER } from './portal-access.ts';

// The sending job's work: the queued messages are claimed (a lease, FOR UPDATE SKIP LOCKED, at most a
// few per organization a round, none of an organization Meta asked to slow down), sent one by one
// outside any transaction, and each answer recorded. A message is sent again only when its lease ran
// out unrecorded — an instance that died between Meta's answer and the record — so at most once more.

const cm = schema.customerMessages;

/** Messages claimed per round, and at most per organization in it (the organization's pace). */
export const BATCH = 20;
export const PER_ORGANIZATION = 5;
/** How long a claimed message is held while it is sent (the API call's time-out is less). */
const LEASE_SECONDS = 60;

interface Claimed {
  id: number;
  organization_id: number;
  customer_id: number | null;
  invoice_id: number | null;
  estimate_id: number | null;
  channel: 'whatsapp' | 'email';
  kind: 'template' | 'text';
  event: string | null;
  template_name: string | null;
  parameters: { body: string[]; buttons?: string[]; portalLinkId?: number } | null;
  body: string;
  phone: string | null;
  email: string | null;
  attempts: number;
}

async function claim(ctx: WhatsAppContext, only?: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    ctx.db,
    sql`
    WITH due AS (
      SELECT m.id, m.organization_id, m.next_attempt_at
        FROM customer_messages m
       WHERE m.status = 'queued' AND m.next_attempt_at <= now()
         AND (m.lease_until IS NULL OR m.lease_until < now())
         ${only ? sql`AND m.id = ${only}` : sql``}
         AND (m.channel = 'email' OR NOT EXISTS (
               SELECT 1 FROM whatsapp_settings s
                WHERE s.organization_id = m.organization_id AND s.paused_until > now()))
       ORDER BY m.next_attempt_at, m.id
       LIMIT ${BATCH * 4}
         FOR UPDATE SKIP LOCKED
    ), paced AS (
      SELECT id, row_number() OVER (PARTITION BY organization_id ORDER BY next_attempt_at, id) AS n, next_attempt_at
        FROM due
    )
    UPDATE customer_messages SET lease_until = now() + ${LEASE_SECONDS} * interval '1 second', attempts = attempts + 1
     WHERE id IN (SELECT id FROM paced WHERE n <= ${PER_ORGANIZATION} ORDER BY next_attempt_at, id LIMIT ${BATCH})
    RETURNING id, organization_id, customer_id, invoice_id, estimate_id, channel, kind, event, template_name,
              parameters, body, phone, email, attempts`,
  );
}

/** What became of one attempt. */
type Outcome =
  | { accepted: string }
  | { retry: Classified & { code: number | null; title: string; retryAfter: number | null } }
  | { failed: { code: number | null; title: string; reason: string; fallback: boolean } };

async function sendWhatsApp(ctx: WhatsAppContext, m: Claimed, connection: Connection | null): Promise<Outcome> {
  const call = connection && callOf(connection);
  if (!connection?.enabled || !call)
    return {
      failed: { code: null, title: 'disabled', reason: 'O envio pelo WhatsApp foi desligado.', fallback: false },
    };
  let body;
  if (m.kind === 'template') {
    const template = m.template_name ? templateByName(m.template_name) : undefined;
    if (!template || !m.parameters)
      return { failed: { code: null, title: 'template', reason: 'Modelo desconhecido.', fallback: true } };
    // A template Meta refused (or paused, or disabled) cannot go: the e-mail goes at once.
    const state = await templateState(ctx.db, m.organization_id, template.name);
    if (state.settled && !state.approved)
      return {
        failed: {
          code: null,
          title: `template ${state.status}`,
          reason: `O modelo “${template.label}” não está aprovado pela Meta (${state.status}).`,
          fallback: true,
        },
      };
    const params = [...m.parameters.body];
    if (m.parameters.portalLinkId) {
      // The access link's token is made now and goes only to Meta; the stored row keeps the placeholder.
      const token = await armPortalLink(ctx.db, m.organization_id, m.parameters.portalLinkId);
      if (!token)
        return {
          failed: {
            code: null,
            title: 'portal link',
            reason: 'O link de acesso expirou ou já foi usado antes do envio.',
            fallback: false,
          },
        };
      params[PORTAL_LINK_PARAMETER] = portalLinkUrl(ctx.config.appUrl ?? '', token);
    }
    body = templateMessageBody(m.phone!, {
      name: template.name,
      language: TEMPLATE_LANGUAGE,
      body: params,
      quickReplies: m.parameters.buttons,
    });
  } else body = textMessageBody(m.phone!, m.body);
  try {
    const answer = await sendMessage(call, connection.phoneNumberId, body);
    if (answer.ok) return { accepted: answer.body.messageId };
    const c = classifyError(answer.code, answer.status);
    const title = `${answer.message}${answer.details ? ` — ${answer.details}` : ''}`.slice(0, 500);
    if (c.outcome === 'retry')
      return { retry: { ...c, code: answer.code, title, retryAfter: answer.retryAfterSeconds } };
    return { failed: { code: answer.code, title, reason: c.reason, fallback: c.outcome === 'fallback' } };
  } catch (err) {
    if (!(err instanceof CloudApiUnreachable)) throw err;
    const c = classifyError(null, 503);
    return { retry: { ...c, pace: false, code: null, title: err.message, retryAfter: null } };
  }
}

async function record(ctx: WhatsAppContext, m: Claimed, outcome: Outcome) {
  await ctx.db.transaction(async (tx) => {
    const mine = and(eq(cm.id, m.id), eq(cm.status, 'queued'));
    if ('accepted' in outcome) {
      await lockMessageId(tx, m.organization_id, outcome.accepted);
      const [done] = await tx
        .update(cm)
        .set({
          status: 'accepted',
          waMessageId: outcome.accepted,
          leaseUntil: null,
          errorCode: null,
          errorTitle: null,
          errorReason: null,
        })
        .where(mine)
        .returning({ id: cm.id });
      if (done) await applyStoredStatuses(tx, m.organization_id, outcome.accepted);
      return;
    }
    if ('retry' in outcome) {
      const r = outcome.retry;
      const wait = retryDelaySeconds(m.attempts, r.retryAfter);
      if (m.attempts < MAX_ATTEMPTS) {
        await tx
          .update(cm)
          .set({
            leaseUntil: null,
            nextAttemptAt: sql`now() + ${wait} * interval '1 second'`,
            errorCode: r.code,
            errorTitle: r.title,
            errorReason: r.reason,
          })
          .where(mine);
        if (r.pace)
          await tx
            .update(schema.whatsappSettings)
            .set({
              pausedUntil: sql`greatest(coalesce(paused_until, now()), now() + ${Math.max(wait, 1)} * interval '1 second')`,
            })
            .where(eq(schema.whatsappSettings.organizationId, m.organization_id));
        return;
      }
      outcome = { failed: { code: r.code, title: r.title, reason: r.reason, fallback: true } };
    }
    const f = outcome.failed;
    await tx
      .update(cm)
      .set({
        status: 'failed',
        leaseUntil: null,
        failedAt: new Date(),
        errorCode: f.code,
        errorTitle: f.title,
        errorReason: f.reason,
      })
      .where(mine);
    // An access link's stored text has no link to repeat by e-mail (the portal e-mails its own link).
    if (f.fallback && m.channel === 'whatsapp' && !m.parameters?.portalLinkId) await queueEmailFallback(tx, m);
  });
}

/** The company a message speaks for: its order's or estimate's, else the organization's first. */
async function senderCompany(ctx: WhatsAppContext, m: Claimed) {
  const [row] = await queryRows<{ name: string; email: string | null }>(
    ctx.db,
    sql`SELECT co.name, co.email FROM companies co
         WHERE co.organization_id = ${m.organization_id}
         ORDER BY co.id = coalesce(
                    (SELECT company_id FROM invoices WHERE id = ${m.invoice_id ?? 0} AND organization_id = ${m.organization_id}),
                    (SELECT company_id FROM estimates WHERE id = ${m.estimate_id ?? 0} AND organization_id = ${m.organization_id}),
                    -1) DESC,
                  co.id
         LIMIT 1`,
  );
  return row;
}

async function sendEmail(ctx: WhatsAppContext, m: Claimed): Promise<Outcome> {
  const company = await senderCompany(ctx, m);
  const from = ctx.mailFrom ?? company?.email ?? undefined;
  if (!company || !from || !m.email)
    return {
      failed: { code: null, title: 'no sender', reason: 'Sem remetente de e-mail configurado.', fallback: false },
    };
  const label =
    m.event && m.event in whatsappEventLabels ? whatsappEventLabels[m.event as WhatsAppEvent].label : 'Aviso';
  try {
    await ctx.mailer.send({
      from: { name: company.name, address: from },
      replyTo: company.email ?? undefined,
      to: [m.email],
      subject: `${company.name}: ${label}`,
      text: m.body,
      html: `<p>${escapeHtml(m.body).replace(/\n/g, '<br>')}</p>`,
      attachments: [],
    });
    return { accepted: '' };
  } catch (err) {
    const title = err instanceof Error ? err.message.slice(0, 500) : String(err);
    return { retry: { ...classifyError(null, 503), pace: false, code: null, title, retryAfter: null } };
  }
}

async function recordEmail(ctx: WhatsAppContext, m: Claimed, outcome: Outcome) {
  if ('accepted' in outcome) {
    await ctx.db
      .update(cm)
      .set({ status: 'sent', sentAt: new Date(), leaseUntil: null, errorReason: null })
      .where(and(eq(cm.id, m.id), eq(cm.status, 'queued')));
    return;
  }
  if ('retry' in outcome && m.attempts < MAX_ATTEMPTS) {
    await ctx.db
      .update(cm)
      .set({
        leaseUntil: null,
        nextAttemptAt: sql`now() + ${retryDelaySeconds(m.attempts)} * interval '1 second'`,
        errorReason: 'O e-mail não foi aceito pelo servidor; nova tentativa em breve.',
        errorTitle: outcome.retry.title,
      })
      .where(and(eq(cm.id, m.id), eq(cm.status, 'queued')));
    return;
  }
  const reason = 'failed' in outcome ? outcome.failed.reason : 'O e-mail não pôde ser enviado.';
  await ctx.db
    .update(cm)
    .set({ status: 'failed', failedAt: new Date(), leaseUntil: null, errorReason: reason })
    .where(and(eq(cm.id, m.id), eq(cm.status, 'queued')));
}

/** One round: the messages due (or just `only`), sent one after another. Returns how many were claimed. */
export async function sendDueMessages(ctx: WhatsAppContext, only?: number): Promise<number> {
  const claimed = await claim(ctx, only);
  const connections = new Map<number, Promise<Connection | null>>();
  for (const m of claimed) {
    try {
      if (m.channel === 'email') {
        await recordEmail(ctx, m, await sendEmail(ctx, m));
        continue;
      }
      let connection = connections.get(m.organization_id);
      if (!connection) connections.set(m.organization_id, (connection = loadConnection(ctx, m.organization_id)));
      await record(ctx, m, await sendWhatsApp(ctx, m, await connection));
    } catch (err) {
      // Left leased: it is tried again when the lease runs out.
      ctx.log.error({ err, messageId: m.id }, 'WhatsApp sender: could not send or record a message');
    }
  }
  return claimed.length;
}
