import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  pixPspMessages,
  type PixChargeRules,
  type PixPsp,
  type PixPspTest,
  type PixPspValues,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';
import { invalid } from '../../lib/errors.ts';
import { CertificateError, openA1 } from '@ordem-certa/nfse-xml';
import { open, seal } from '../../lib/certificate-store.ts';
import {
  canStoreSecrets,
  openingKeys,
  sealingKey,
  SecretsKeyMissing,
  type SecretsKeySettings,
} from '../../lib/secrets.ts';
import { readCertificateUpload } from '../../lib/certificate-upload.ts';
import { forgetToken, PspError, pspClient, type PspCallOptions, type PspConnection } from './psp-client.ts';

export interface PixContext {
  db: Db;
  /** The app's public address (webhooks point there) and where the installation's secrets key comes from. */
  config: { appUrl?: string } & SecretsKeySettings;
  log: FastifyBaseLogger;
}

const p = schema.companyPixPsp;
const c = schema.companies;
const ofCompany = (organizationId: number, companyId: number) =>
  and(eq(p.organizationId, organizationId), eq(p.companyId, companyId));

// Sealed with the installation's secrets key (the one the A1 uses), bound to the organization, the
// company and the field, so a value copied to another row or field does not open.
const boundTo = (organizationId: number, companyId: number, what: string) =>
  Buffer.from(`pix-psp:${organizationId}:${companyId}:${what}`);

/**
 * A value sealed for storing. In production without a secrets key outside the database nothing is
 * stored: a 422 on `field` says why (a backup of the database must never hold a secret and its key).
 */
async function sealFor(ctx: PixContext, o: number, co: number, what: string, value: Buffer, field: string) {
  let key: Buffer;
  try {
    key = await sealingKey(ctx.db, ctx.config);
  } catch (err) {
    if (err instanceof SecretsKeyMissing) throw invalid({ [field]: pixPspMessages.secretsKeyMissing });
    throw err;
  }
  return seal(key, value, boundTo(o, co, what));
}

/** A stored value opened with the first key that opens it (the outside key, then the database's own). */
async function openFor(ctx: PixContext, o: number, co: number, what: string, sealed: string) {
  let failure: unknown = new Error('no key to open the value with');
  for (const key of await openingKeys(ctx.db, ctx.config)) {
    try {
      return open(key, sealed, boundTo(o, co, what));
    } catch (err) {
      failure = err;
    }
  }
  throw failure;
}

export const hashWebhookToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The address the PSP posts to (it appends '/pix'). */
export const webhookUrl = (ctx: PixContext, token: string) => `${ctx.config.appUrl}/api/pix/webhook/${token}`;

async function company(db: Db, organizationId: number, companyId: number) {
  const [row] = await db
    .select({ id: c.id, pixKey: c.pixKey })
    .from(c)
    .where(and(eq(c.id, companyId), eq(c.organizationId, organizationId)));
  return assertFound(row);
}

async function stored(db: Db, organizationId: number, companyId: number) {
  const [row] = await db.select().from(p).where(ofCompany(organizationId, companyId));
  return row;
}

const rulesOf = (row: typeof p.$inferSelect): PixChargeRules => ({
  expiryDays: row.expiryDays,
  finePercent: row.finePercent,
  interestPercentPerMonth: row.interestPercentPerMonth,
  discountPercent: row.discountPercent,
  discountDaysBefore: row.discountDaysBefore,
  validityAfterDueDays: row.validityAfterDueDays,
});

/** GET companies/{id}/pix-psp: never the secret, the certificate or its password. */
export async function getPixPsp(ctx: PixContext, organizationId: number, companyId: number): Promise<PixPsp> {
  const { pixKey } = await company(ctx.db, organizationId, companyId);
  const row = await stored(ctx.db, organizationId, companyId);
  const token = row ? (await openFor(ctx, organizationId, companyId, 'webhook', row.webhookToken)).toString() : null;
  return {
    connection:
      row?.baseUrl && row.tokenUrl && row.clientId && token
        ? {
            baseUrl: row.baseUrl,
            tokenUrl: row.tokenUrl,
            clientId: row.clientId,
            hasClientSecret: !!row.clientSecret,
            scopes: row.scopes,
            webhookUrl: webhookUrl(ctx, token),
            // The company's key changed and the job has not registered the webhook on it yet.
            webhookStatus: row.webhookChave && row.webhookChave !== pixKey ? 'pending' : row.webhookStatus,
            webhookError: row.webhookError,
            updatedAt: row.updatedAt.toISOString(),
            ...rulesOf(row),
          }
        : null,
    certificate:
      row?.certificateSubject && row.certificateNotAfter && row.certificateUploadedAt
        ? {
            subject: row.certificateSubject,
            notAfter: row.certificateNotAfter.toISOString(),
            uploadedAt: row.certificateUploadedAt.toISOString(),
          }
        : null,
    pixKey,
    canStoreSecrets: canStoreSecrets(ctx.config),
  };
}

/** A new row's webhook token (random, 32 bytes), sealed, with its hash to find it by. */
async function newWebhookToken(ctx: PixContext, organizationId: number, companyId: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    webhookToken: await sealFor(ctx, organizationId, companyId, 'webhook', Buffer.from(token), 'clientSecret'),
    webhookTokenHash: hashWebhookToken(token),
  };
}

/**
 * PUT companies/{id}/pix-psp: the connection saved (the secret kept when none is typed), then the
 * webhook registered with the PSP on the company's PIX key. The PSP's answer does not undo the save:
 * a failure is kept on the connection (webhookStatus 'failed' and its reason) and told in the answer.
 */
export async function putPixPsp(ctx: PixContext, organizationId: number, companyId: number, body: PixPspValues) {
  const { pixKey } = await company(ctx.db, organizationId, companyId);
  if (!pixKey) throw invalid({ pixKey: pixPspMessages.noPixKey });
  const before = await stored(ctx.db, organizationId, companyId);
  if (!body.clientSecret && !before?.clientSecret) throw invalid({ clientSecret: pixPspMessages.clientSecret });
  const { clientSecret, ...rest } = body;
  const values = {
    ...rest,
    ...(clientSecret
      ? {
          clientSecret: await sealFor(
            ctx,
            organizationId,
            companyId,
            'secret',
            Buffer.from(clientSecret),
            'clientSecret',
          ),
        }
      : {}),
    webhookStatus: 'pending' as const,
    webhookError: null,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(p)
    .values({
      organizationId,
      companyId,
      ...(await newWebhookToken(ctx, organizationId, companyId)),
      ...values,
      clientSecret: values.clientSecret ?? before!.clientSecret,
    })
    .onConflictDoUpdate({ target: [p.organizationId, p.companyId], set: values });
  if (before) {
    const old = await connectionOf(ctx, before).catch(() => null);
    if (old) forgetToken(old);
  }
  await registerWebhook(ctx, organizationId, companyId);
  return getPixPsp(ctx, organizationId, companyId);
}

/** DELETE companies/{id}/pix-psp: the connection and certificate forgotten; charges fall back to the static code. */
export async function deletePixPsp(ctx: PixContext, organizationId: number, companyId: number) {
  await company(ctx.db, organizationId, companyId);
  await ctx.db.delete(p).where(ofCompany(organizationId, companyId));
}

/** The stored row as a client's connection (secrets opened); null while not connected. */
async function connectionOf(ctx: PixContext, row: typeof p.$inferSelect): Promise<PspConnection | null> {
  if (!row.baseUrl || !row.tokenUrl || !row.clientId || !row.clientSecret) return null;
  const { organizationId: o, companyId: co } = row;
  return {
    baseUrl: row.baseUrl,
    tokenUrl: row.tokenUrl,
    clientId: row.clientId,
    clientSecret: (await openFor(ctx, o, co, 'secret', row.clientSecret)).toString('utf8'),
    scopes: row.scopes,
    certificate:
      row.certificatePfx && row.certificatePassword
        ? {
            pfx: await openFor(ctx, o, co, 'pfx', row.certificatePfx),
            password: (await openFor(ctx, o, co, 'password', row.certificatePassword)).toString('utf8'),
          }
        : null,
  };
}

/** What the charges and the webhook need of a connected company: its connection, its key and rules. */
export async function companyPsp(ctx: PixContext, organizationId: number, companyId: number) {
  const row = await stored(ctx.db, organizationId, companyId);
  const connection = row ? await connectionOf(ctx, row) : null;
  if (!row || !connection) return null;
  const { pixKey } = await company(ctx.db, organizationId, companyId);
  return { connection, pixKey, rules: rulesOf(row) };
}

/**
 * PUT /webhook/{chave} with this company's URL; the outcome kept on the connection. The webhook of the key
 * it was registered for before (`formerKey`, by default the one kept), if another, is removed.
 */
export async function registerWebhook(
  ctx: PixContext,
  organizationId: number,
  companyId: number,
  options: PspCallOptions = { timeoutMs: 8000, retries: 1 },
  formerKey?: string | null,
) {
  const row = await stored(ctx.db, organizationId, companyId);
  const psp = await companyPsp(ctx, organizationId, companyId);
  if (!row || !psp?.pixKey) return;
  const client = pspClient(psp.connection, options);
  const token = (await openFor(ctx, organizationId, companyId, 'webhook', row.webhookToken)).toString();
  let outcome: {
    webhookStatus: 'registered' | 'failed';
    webhookError: string | null;
    webhookRegisteredAt?: Date;
    webhookChave: string;
    webhookAppUrl: string | null;
  };
  try {
    await client.putWebhook(psp.pixKey, webhookUrl(ctx, token));
    outcome = {
      webhookStatus: 'registered',
      webhookError: null,
      webhookRegisteredAt: new Date(),
      webhookChave: psp.pixKey,
      webhookAppUrl: ctx.config.appUrl ?? null,
    };
    // The key it was registered for before, if another: the PSP stops posting for it (best effort).
    const former = formerKey === undefined ? row.webhookChave : formerKey;
    if (former && former !== psp.pixKey)
      await client.deleteWebhook(former).catch((err: unknown) => {
        ctx.log.info({ companyId, error: pspFailure(err) }, 'Pix webhook of the former key not removed');
      });
  } catch (err) {
    outcome = {
      webhookStatus: 'failed',
      webhookError: pspFailure(err),
      webhookChave: psp.pixKey,
      webhookAppUrl: ctx.config.appUrl ?? null,
    };
    ctx.log.warn({ companyId, error: outcome.webhookError }, 'Pix webhook not registered');
  } finally {
    client.close();
  }
  await ctx.db.update(p).set(outcome).where(ofCompany(organizationId, companyId));
}

/** The company's webhook address (the PSP appends '/pix', '/rec' or '/cobr'), or null when not connected. */
export async function companyWebhookUrl(ctx: PixContext, organizationId: number, companyId: number) {
  const row = await stored(ctx.db, organizationId, companyId);
  if (!row) return null;
  return webhookUrl(ctx, (await openFor(ctx, organizationId, companyId, 'webhook', row.webhookToken)).toString());
}

/** A PSP error's pt-BR message; anything else is not said (it may hold what was sent). */
export const pspFailure = (err: unknown) =>
  err instanceof PspError ? err.message : 'Falha inesperada ao falar com o PSP';

/**
 * POST companies/{id}/pix-psp/certificate: the PKCS#12 client certificate opened with its password
 * (422 on a wrong password or a file that is not one, or one already expired), kept sealed.
 */
export async function uploadPspCertificate(
  ctx: PixContext,
  organizationId: number,
  companyId: number,
  request: FastifyRequest,
) {
  await company(ctx.db, organizationId, companyId);
  const { pfx, password } = await readCertificateUpload(request, pixPspMessages);
  let cert;
  try {
    cert = openA1(pfx, password);
  } catch (err) {
    throw invalid(
      err instanceof CertificateError && err.code === 'wrong_password'
        ? { password: pixPspMessages.certificateWrongPassword }
        : { file: pixPspMessages.certificateInvalid },
    );
  }
  if (cert.notAfter.getTime() <= Date.now()) throw invalid({ file: pixPspMessages.certificateExpired });
  const now = new Date();
  const values = {
    certificatePfx: await sealFor(ctx, organizationId, companyId, 'pfx', pfx, 'file'),
    certificatePassword: await sealFor(
      ctx,
      organizationId,
      companyId,
      'password',
      Buffer.from(password, 'utf8'),
      'file',
    ),
    certificateSubject: cert.subject,
    certificateNotAfter: cert.notAfter,
    certificateUploadedAt: now,
    updatedAt: now,
  };
  await ctx.db
    .insert(p)
    .values({ organizationId, companyId, ...(await newWebhookToken(ctx, organizationId, companyId)), ...values })
    .onConflictDoUpdate({ target: [p.organizationId, p.companyId], set: values });
  return getPixPsp(ctx, organizationId, companyId);
}

/**
 * POST companies/{id}/pix-psp/test: the certificate (on https), a token, then one read (GET /pix of the
 * last hour); each step says in pt-BR what failed. Nothing is written.
 */
export async function testPixPsp(ctx: PixContext, organizationId: number, companyId: number): Promise<PixPspTest> {
  await company(ctx.db, organizationId, companyId);
  const psp = await companyPsp(ctx, organizationId, companyId);
  if (!psp) return { ok: false, steps: [{ name: 'Conexão', ok: false, message: pixPspMessages.notConnected }] };
  const steps: PixPspTest['steps'] = [];
  const secure = psp.connection.baseUrl.startsWith('https:');
  if (secure) {
    const has = !!psp.connection.certificate;
    steps.push({
      name: 'Certificado',
      ok: has,
      message: has ? 'Certificado do cliente enviado' : pixPspMessages.certificateNeeded,
    });
    if (!has) return { ok: false, steps };
  }
  const client = pspClient(psp.connection, { timeoutMs: 8000, retries: 0 });
  try {
    forgetToken(psp.connection);
    await client.token();
    steps.push({ name: 'Token OAuth 2', ok: true, message: 'Token de acesso obtido' });
  } catch (err) {
    steps.push({ name: 'Token OAuth 2', ok: false, message: pspFailure(err) });
    client.close();
    return { ok: false, steps };
  }
  try {
    const now = new Date();
    const page = await client.listPix(new Date(now.getTime() - 3600_000), now);
    steps.push({
      name: 'Consulta (GET /pix)',
      ok: true,
      message: `Consulta feita: ${page.parametros?.paginacao?.quantidadeTotalDeItens ?? 0} Pix na última hora`,
    });
  } catch (err) {
    steps.push({ name: 'Consulta (GET /pix)', ok: false, message: pspFailure(err) });
  } finally {
    client.close();
  }
  return { ok: steps.every((s) => s.ok), steps };
}
