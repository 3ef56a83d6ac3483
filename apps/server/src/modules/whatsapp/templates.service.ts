import { and, eq, inArray } from 'drizzle-orm';
import { whatsappCloudMessages as m, type WhatsAppTemplate } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import { CloudApiUnreachable, createTemplate, listTemplates, type CloudCall } from './cloud-api.ts';
import { callOf, loadConnection, type WhatsAppContext } from './connection.ts';
import { classifyError } from './meta-errors.ts';
import { TEMPLATE_LANGUAGE, templateList } from './templates.ts';

// The product's templates on the organization's WhatsApp Business account: submitted for approval
// ('Enviar para aprovação'), their verdicts read back ('Atualizar' and the template webhook), and the
// question the sender asks before each template message: is it approved?

const t = schema.whatsappTemplates;
const NOT_SUBMITTED = 'NOT_SUBMITTED';
/** What Meta answers while a template may still become usable; anything else is final until changed there. */
const UNSETTLED = new Set(['PENDING', 'IN_APPEAL', NOT_SUBMITTED]);

/** GET whatsapp/templates: every product template with its state on the account. */
export async function listProductTemplates(db: Db, organizationId: number): Promise<{ data: WhatsAppTemplate[] }> {
  const rows = await db.select().from(t).where(eq(t.organizationId, organizationId));
  const byName = new Map(rows.map((r) => [r.name, r]));
  return {
    data: templateList.map((p) => {
      const row = byName.get(p.name);
      return {
        key: p.key,
        name: p.name,
        label: p.label,
        category: 'UTILITY',
        language: TEMPLATE_LANGUAGE,
        body: p.footer ? `${p.body}\n\n${p.footer}` : p.body,
        example: p.example,
        buttons: p.quickReplies,
        status: row?.status ?? NOT_SUBMITTED,
        rejectedReason: row?.rejectedReason ?? null,
        submittedAt: row?.submittedAt?.toISOString() ?? null,
        checkedAt: row?.checkedAt?.toISOString() ?? null,
      };
    }),
  };
}

async function connectedCall(ctx: WhatsAppContext, organizationId: number) {
  const connection = await loadConnection(ctx, organizationId);
  const call = connection && callOf(connection);
  if (!connection || !call) throw invalid({ accessToken: m.notConfigured });
  return { connection, call };
}

const unreachable = (ctx: WhatsAppContext, organizationId: number, err: unknown) => {
  if (!(err instanceof CloudApiUnreachable)) return err;
  ctx.log.warn({ organizationId, reason: err.message }, 'WhatsApp templates: API unreachable');
  return invalid({ _: m.apiUnreachable });
};

/** Records what Meta says of a template of the organization (by name), as the list, a creation or a webhook tells it. */
export async function recordTemplateStatus(
  db: Db | Tx,
  organizationId: number,
  v: { name: string; status: string; metaId?: string | null; rejectedReason?: string | null; submitted?: boolean },
) {
  const now = new Date();
  const values = {
    status: v.status.slice(0, 40),
    rejectedReason: v.rejectedReason?.slice(0, 500) ?? null,
    checkedAt: now,
    ...(v.metaId ? { metaId: v.metaId } : {}),
    ...(v.submitted ? { submittedAt: now } : {}),
  };
  await db
    .insert(t)
    .values({ organizationId, name: v.name, ...values })
    .onConflictDoUpdate({ target: [t.organizationId, t.name], set: values });
}

/**
 * POST whatsapp/templates/submit: each product template the account does not have yet goes for
 * approval (one already there — submitted before, or by hand — is only read). Meta's refusal of one
 * is kept as its state and the others still go.
 */
export async function submitTemplates(ctx: WhatsAppContext, organizationId: number) {
  const { connection, call } = await connectedCall(ctx, organizationId);
  try {
    await syncFrom(ctx.db, organizationId, call, connection.businessAccountId);
    const known = await ctx.db
      .select({ name: t.name, status: t.status })
      .from(t)
      .where(eq(t.organizationId, organizationId));
    const present = new Set(known.filter((k) => k.status !== NOT_SUBMITTED).map((k) => k.name));
    for (const p of templateList) {
      if (present.has(p.name)) continue;
      const answer = await createTemplate(call, connection.businessAccountId, {
        name: p.name,
        language: TEMPLATE_LANGUAGE,
        category: 'UTILITY',
        body: p.body,
        example: p.example,
        footer: p.footer,
        quickReplies: p.quickReplies,
      });
      if (answer.ok) {
        await recordTemplateStatus(ctx.db, organizationId, {
          name: p.name,
          status: answer.body.status,
          metaId: answer.body.id,
          submitted: true,
        });
      } else {
        if (answer.status === 401 || classifyError(answer.code, answer.status).outcome === 'fail')
          throw invalid({ accessToken: classifyError(answer.code, answer.status).reason });
        await recordTemplateStatus(ctx.db, organizationId, {
          name: p.name,
          status: 'REJECTED',
          rejectedReason: answer.details ?? answer.message,
          submitted: true,
        });
      }
    }
  } catch (err) {
    throw unreachable(ctx, organizationId, err);
  }
  return listProductTemplates(ctx.db, organizationId);
}

/** The account's templates read, and ours among them recorded. */
async function syncFrom(db: Db, organizationId: number, call: CloudCall, businessAccountId: string) {
  const answer = await listTemplates(call, businessAccountId);
  if (!answer.ok) {
    const c = classifyError(answer.code, answer.status);
    if (c.outcome === 'retry') throw new CloudApiUnreachable(answer.message);
    throw invalid({ [answer.status === 404 ? 'businessAccountId' : 'accessToken']: c.reason });
  }
  const ours = new Set(templateList.map((p) => p.name));
  for (const found of answer.body)
    if (ours.has(found.name) && found.language === TEMPLATE_LANGUAGE)
      await recordTemplateStatus(db, organizationId, {
        name: found.name,
        status: found.status,
        metaId: found.id,
        rejectedReason: found.rejectedReason,
      });
}

/** POST whatsapp/templates/sync ('Atualizar'): the verdicts read from the account. */
export async function syncTemplates(ctx: WhatsAppContext, organizationId: number) {
  const { connection, call } = await connectedCall(ctx, organizationId);
  try {
    await syncFrom(ctx.db, organizationId, call, connection.businessAccountId);
  } catch (err) {
    throw unreachable(ctx, organizationId, err);
  }
  return listProductTemplates(ctx.db, organizationId);
}

/** The organizations (of these) whose template `name` is not approved, or may become so later. */
export async function templateState(db: Db | Tx, organizationId: number, name: string) {
  const [row] = await db
    .select({ status: t.status })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), eq(t.name, name)));
  const status = row?.status ?? NOT_SUBMITTED;
  return { status, approved: status === 'APPROVED', settled: !UNSETTLED.has(status) };
}

/** Template rows of an organization by name, for the few the sender asks about. */
export async function templateStates(db: Db | Tx, organizationId: number, names: string[]) {
  if (!names.length) return new Map<string, string>();
  const rows = await db
    .select({ name: t.name, status: t.status })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), inArray(t.name, names)));
  return new Map(rows.map((r) => [r.name, r.status]));
}
