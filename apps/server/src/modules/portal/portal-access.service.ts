import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PORTAL_LINK_TTL_MINUTES,
  PORTAL_LINKS_PER_HOUR,
  PORTAL_SESSION_DAYS,
  phoneE164,
  portalMessages,
  type PortalBrand,
  type PortalSendResponse,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { AppError, notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { cachedForPdf } from '../../lib/images.ts';
import { assertMaySendToCustomers, isVerified } from '../../core/access/email-verification.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { countHit } from '../../lib/rate-limit-store.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { hashPortalToken, newPortalToken, type PortalContext } from '../../core/portal/portal-session.ts';
import { portalLinkUrl } from '../../core/portal/portal-links.ts';
import { tellCustomer } from '../../core/notify/customer-events.ts';

// Access to the customer's portal without a password: a one-time link (30 minutes) sent to the
// customer's e-mail, which opens a session on that browser (30 days). Links and sessions belong to one
// customer of one organization. Asked from the public page, the answer is the same whether or not the
// e-mail is a customer's, and the e-mail goes out after it.

export interface PortalMailDeps {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  mailFrom: string | undefined;
  appUrl: string;
  log: FastifyBaseLogger;
}

const co = schema.companies;
const cu = schema.customers;
const links = schema.portalLinks;
const sessions = schema.portalSessions;

const dataUrl = (image: Buffer) =>
  `data:${image[0] === 0x89 ? 'image/png' : 'image/jpeg'};base64,${image.toString('base64')}`;

/** The organization's company the portal is painted as: its first one. */
async function companyOf(db: Db, organizationId: number) {
  const [row] = await db
    .select({ name: co.name, alias: co.alias, logoKey: co.logoKey, brandColor: co.brandColor })
    .from(co)
    .where(eq(co.organizationId, organizationId))
    .orderBy(asc(co.id))
    .limit(1);
  return row;
}

/** The portal's company: name, logo (shrunk, as a data URL; left out when it cannot be read) and colour. */
export async function portalBrand(
  deps: Pick<PortalMailDeps, 'db' | 'storage' | 'log'>,
  organizationId: number,
): Promise<PortalBrand> {
  const company = await companyOf(deps.db, organizationId);
  if (!company) throw new AppError(404, [portalMessages.companyUnknown]);
  const logo = company.logoKey
    ? await cachedForPdf(
        company.logoKey,
        async () => (await deps.storage.get(company.logoKey!)) ?? null,
        { maxWidth: 360, maxHeight: 192 },
        (err) => deps.log.warn({ err }, 'portal logo unreadable'),
      )
    : null;
  return {
    organizationId,
    companyName: company.alias?.trim() || company.name,
    logo: logo ? dataUrl(logo) : null,
    brandColor: company.brandColor,
  };
}

/** Whether the customer may have another link this hour (each ask counts once, whatever its channels). */
async function underHourlyLimit(db: Db, organizationId: number, customerId: number) {
  const { current } = await countHit(db, `portal-link:${organizationId}:${customerId}`, 60 * 60_000);
  return current <= PORTAL_LINKS_PER_HOUR;
}

/** A new link's row; its token is returned (for the e-mail) or, for WhatsApp, made as it is sent. */
async function insertLink(db: Db | Tx, organizationId: number, customerId: number, now: Date) {
  const { token, hash } = newPortalToken();
  const [row] = await db
    .insert(links)
    .values({
      organizationId,
      customerId,
      tokenHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PORTAL_LINK_TTL_MINUTES * 60_000),
    })
    .returning({ id: links.id });
  return { id: row!.id, token };
}

/**
 * The link by WhatsApp: a link row whose token nobody keeps and the channel's message naming it, in one
 * transaction; the sender makes the token as it sends (core/portal/portal-links.ts). Nothing stays when
 * no channel takes it (not connected, no consent or mobile). Answers whether it was queued.
 */
async function linkByWhatsApp(db: Db, organizationId: number, customerId: number, now: Date) {
  return db.transaction(async (tx) => {
    const link = await insertLink(tx, organizationId, customerId, now);
    const queued = await tellCustomer(tx, organizationId, { event: 'portalAccess', customerId, linkId: link.id });
    if (!queued) await tx.delete(links).where(eq(links.id, link.id));
    return queued;
  });
}

/** The e-mail with the link, from the company's name. */
async function mailLink(
  deps: PortalMailDeps,
  organizationId: number,
  to: { name: string; email: string },
  token: string,
) {
  const company = await companyOf(deps.db, organizationId);
  const companyName = company?.alias?.trim() || company?.name || '';
  const url = portalLinkUrl(deps.appUrl, token);
  const paragraphs = [
    `Olá, ${to.name}.`,
    `Para ver suas ordens, orçamentos, equipamentos, documentos e pagamentos com a ${companyName}, use este link (vale por ${PORTAL_LINK_TTL_MINUTES} minutos e uma só vez):`,
  ];
  const after = [
    'O acesso fica aberto neste aparelho por 30 dias, até você tocar em Sair.',
    'Se não foi você quem pediu, ignore este e-mail.',
  ];
  await deps.mailer.send({
    from: { name: companyName, address: deps.mailFrom ?? `nao-responda@${new URL(deps.appUrl).hostname}` },
    to: [to.email],
    subject: `${companyName}: seu acesso à área do cliente`,
    text: [...paragraphs, url, ...after].join('\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(url)}">Acessar a área do cliente</a></p>`,
      ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    ].join('\n'),
    attachments: [],
  });
}

/**
 * POST /api/public/portal/{orgId}/access: a link to each customer of the organization with that e-mail
 * (by e-mail) or that mobile (by WhatsApp), at most three, the newest; sent after the answer so that the
 * answer and its timing tell nothing.
 */
export function requestPortalAccess(
  deps: PortalMailDeps,
  organizationId: number,
  contact: { email: string | null; phone: string | null },
  now = new Date(),
) {
  const send = async () => {
    if (!(await isVerified(deps.db, organizationId))) return;
    const e164 = contact.email ? null : phoneE164(contact.phone);
    if (!contact.email && !e164) return;
    const found = await deps.db
      .select({ id: cu.id, name: cu.name })
      .from(cu)
      .where(
        and(
          eq(cu.organizationId, organizationId),
          contact.email ? eq(sql`lower(${cu.email})`, contact.email) : eq(cu.phoneE164, e164!),
          isNull(cu.anonymizedAt),
        ),
      )
      .orderBy(desc(cu.id))
      .limit(3);
    for (const customer of found) {
      if (!(await underHourlyLimit(deps.db, organizationId, customer.id))) continue;
      if (contact.email) {
        const link = await insertLink(deps.db, organizationId, customer.id, now);
        await mailLink(deps, organizationId, { name: customer.name, email: contact.email }, link.token);
      } else await linkByWhatsApp(deps.db, organizationId, customer.id, now);
    }
  };
  void send().catch((err: unknown) => deps.log.error({ err }, 'portal access link not sent'));
}

/**
 * POST organizations/{orgId}/customers/{id}/portal-access: the office sends the customer their link, by
 * e-mail when they have one and by WhatsApp when the organization's channel takes it (connected, the
 * customer's consent and mobile); a 422 when neither.
 */
export async function sendPortalAccess(
  deps: PortalMailDeps,
  organizationId: number,
  customerId: number,
  now = new Date(),
): Promise<PortalSendResponse> {
  const [customer] = await deps.db
    .select({ id: cu.id, name: cu.name, email: cu.email, anonymizedAt: cu.anonymizedAt })
    .from(cu)
    .where(and(eq(cu.organizationId, organizationId), eq(cu.id, customerId)));
  if (!customer) throw notFound();
  if (customer.anonymizedAt) throw new AppError(409, [portalMessages.anonymized]);
  const email = customer.email?.trim().toLowerCase();
  // A shop that has not confirmed its e-mail sends nothing to customers (sign-up's abuse rule).
  await assertMaySendToCustomers(deps.db, organizationId);
  if (!(await underHourlyLimit(deps.db, organizationId, customerId))) throw new AppError(429, [portalMessages.tooMany]);
  const whatsapp = await linkByWhatsApp(deps.db, organizationId, customerId, now);
  if (!email && !whatsapp) throw new AppError(422, { email: [portalMessages.noChannel] });
  if (email) {
    const link = await insertLink(deps.db, organizationId, customerId, now);
    await mailLink(deps, organizationId, { name: customer.name, email }, link.token);
  }
  return { message: portalMessages.sentBy(Boolean(email), whatsapp), email: Boolean(email), whatsapp };
}

const linkGone = () => new AppError(410, [portalMessages.linkInvalid]);

/**
 * POST /api/public/portal/sessions: the link is spent and a session opened, in one transaction; of two
 * uses at once only the first finds the link unused. A late, used or unknown link is a 410.
 */
export async function openPortalSession(db: Db, token: string, userAgent: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(links)
      .set({ usedAt: now })
      .where(and(eq(links.tokenHash, hashPortalToken(token)), isNull(links.usedAt), gt(links.expiresAt, now)))
      .returning({ organizationId: links.organizationId, customerId: links.customerId });
    if (!link) throw linkGone();
    const [customer] = await tx
      .select({ anonymizedAt: cu.anonymizedAt })
      .from(cu)
      .where(and(eq(cu.organizationId, link.organizationId), eq(cu.id, link.customerId)));
    if (!customer || customer.anonymizedAt) throw linkGone();
    const session = newPortalToken();
    const expiresAt = new Date(now.getTime() + PORTAL_SESSION_DAYS * 86_400_000);
    await tx.insert(sessions).values({
      organizationId: link.organizationId,
      customerId: link.customerId,
      tokenHash: session.hash,
      userAgent: userAgent.slice(0, 300),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    return { token: session.token, expiresAt: expiresAt.toISOString() };
  });
}

/** DELETE /api/portal/session ('Sair'): the session ends; its token is refused from then on. */
export async function endPortalSession(db: Db, portal: PortalContext, now = new Date()) {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.id, portal.sessionId), eq(sessions.organizationId, portal.organizationId)));
}

/** GET /api/portal/me: the customer signed in and their company. */
export async function portalMe(deps: Pick<PortalMailDeps, 'db' | 'storage' | 'log'>, portal: PortalContext) {
  const [customer] = await deps.db
    .select({ id: cu.id, name: cu.name, email: cu.email })
    .from(cu)
    .where(and(eq(cu.organizationId, portal.organizationId), eq(cu.id, portal.customerId)));
  if (!customer) throw notFound();
  return {
    customer,
    brand: await portalBrand(deps, portal.organizationId),
    sessionExpiresAt: portal.expiresAt.toISOString(),
    sections: { estimates: portal.features.estimates, nfse: portal.features.nfse },
  };
}
