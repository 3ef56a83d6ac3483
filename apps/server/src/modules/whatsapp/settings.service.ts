import { eq } from 'drizzle-orm';
import {
  allWhatsAppEventsOn,
  whatsappCloudMessages as m,
  type WhatsAppSettings,
  type WhatsAppSettingsBody,
} from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { invalid, isUniqueViolation } from '../../lib/errors.ts';
import { CloudApiUnreachable, readPhoneNumber } from './cloud-api.ts';
import { callOf, loadConnection, sealSecret, type WhatsAppContext } from './connection.ts';
import { classifyError } from './meta-errors.ts';

const s = schema.whatsappSettings;

/** Where Meta's app dashboard must send the webhooks. */
export const webhookUrl = (ctx: WhatsAppContext) => `${ctx.config.appUrl ?? ''}/api/whatsapp/webhook`;

/** GET whatsapp/settings: the connection without its secrets (only whether they are stored). */
export async function getSettings(ctx: WhatsAppContext, organizationId: number): Promise<WhatsAppSettings> {
  const [row] = await ctx.db.select().from(s).where(eq(s.organizationId, organizationId));
  return {
    configured: !!row,
    phoneNumberId: row?.phoneNumberId ?? null,
    businessAccountId: row?.businessAccountId ?? null,
    hasAccessToken: !!row?.accessToken,
    hasAppSecret: !!row?.appSecret,
    verifyToken: row?.verifyToken ?? null,
    enabled: row?.enabled ?? false,
    events: { ...allWhatsAppEventsOn, ...row?.events },
    webhookUrl: webhookUrl(ctx),
    phoneNumber:
      row?.displayPhoneNumber && row.testedAt
        ? {
            displayPhoneNumber: row.displayPhoneNumber,
            verifiedName: row.verifiedName,
            qualityRating: row.qualityRating,
            testedAt: row.testedAt.toISOString(),
          }
        : null,
    canStoreSecrets: true,
  };
}

/**
 * PUT whatsapp/settings. A token or secret given replaces the stored one (sealed); blank keeps it.
 * Sending cannot be turned on without both. A number already connected to another organization, or a
 * verify token in use, is refused on its field. A changed number forgets what 'Testar' read.
 */
export async function putSettings(ctx: WhatsAppContext, organizationId: number, body: WhatsAppSettingsBody) {
  const [current] = await ctx.db.select().from(s).where(eq(s.organizationId, organizationId));
  const problems: Record<string, string> = {};
  if (body.enabled && !body.accessToken && !current?.accessToken) problems.accessToken = m.secretMissing;
  if (body.enabled && !body.appSecret && !current?.appSecret) problems.appSecret = m.secretMissing;
  if (Object.keys(problems).length) throw invalid(problems);
  const numberChanged = current && current.phoneNumberId !== body.phoneNumberId;
  const values = {
    enabled: body.enabled,
    phoneNumberId: body.phoneNumberId,
    businessAccountId: body.businessAccountId,
    verifyToken: body.verifyToken,
    events: body.events,
    ...(body.accessToken
      ? { accessToken: await sealSecret(ctx, organizationId, 'accessToken', body.accessToken) }
      : {}),
    ...(body.appSecret ? { appSecret: await sealSecret(ctx, organizationId, 'appSecret', body.appSecret) } : {}),
    ...(numberChanged ? { displayPhoneNumber: null, verifiedName: null, qualityRating: null, testedAt: null } : {}),
    updatedAt: new Date(),
  };
  try {
    await ctx.db
      .insert(s)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({ target: s.organizationId, set: values });
  } catch (err) {
    if (isUniqueViolation(err, 'whatsapp_settings_phone_number_key'))
      throw invalid({ phoneNumberId: m.phoneNumberTaken });
    if (isUniqueViolation(err, 'whatsapp_settings_verify_token_key'))
      throw invalid({ verifyToken: m.verifyTokenTaken });
    throw err;
  }
  return getSettings(ctx, organizationId);
}

/**
 * POST whatsapp/settings/test ('Testar'): reads the number's details with the stored token and keeps
 * them. A refusal is told on the field it is about (the token, or the number's id).
 */
export async function testConnection(ctx: WhatsAppContext, organizationId: number) {
  const connection = await loadConnection(ctx, organizationId);
  const call = connection && callOf(connection);
  if (!connection || !call) throw invalid({ accessToken: m.notConfigured });
  let answer;
  try {
    answer = await readPhoneNumber(call, connection.phoneNumberId);
  } catch (err) {
    if (err instanceof CloudApiUnreachable) {
      ctx.log.warn({ organizationId, reason: err.message }, 'WhatsApp test: API unreachable');
      throw invalid({ _: m.apiUnreachable });
    }
    throw err;
  }
  if (!answer.ok) {
    const { reason } = classifyError(answer.code, answer.status);
    const field = answer.code === 100 || answer.status === 404 ? 'phoneNumberId' : 'accessToken';
    throw invalid({ [field]: `${reason} (Meta: código ${answer.code ?? answer.status})` });
  }
  await ctx.db
    .update(s)
    .set({
      displayPhoneNumber: answer.body.displayPhoneNumber,
      verifiedName: answer.body.verifiedName,
      qualityRating: answer.body.qualityRating,
      testedAt: new Date(),
    })
    .where(eq(s.organizationId, organizationId));
  return getSettings(ctx, organizationId);
}
