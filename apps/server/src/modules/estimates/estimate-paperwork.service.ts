import { and, asc, eq, type SQL } from 'drizzle-orm';
import { estimateMessages, type AddEstimateReminderBody } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { pickColumns } from '../../lib/sql.ts';
import { invalid, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { recordPictures } from '../../core/records/pictures.ts';
import { recordComments } from '../../core/records/comments.ts';
import { estimateEmailTable, listRecordEmails } from '../../core/records/email.ts';
import { recordTags } from '../../core/records/tags.ts';
import { estimateKind, findEstimate, lockEstimate, recordChange, type Actor } from './estimate-access.ts';

// ---- tags (any status) ---------------------------------------------------------------------------

export const {
  available: availableTags,
  add: addTag,
  remove: removeTag,
} = recordTags({
  link: schema.estimateTags,
  column: 'estimate_id',
  find: findEstimate,
  lock: lockEstimate,
  record: recordChange,
  alreadyThere: estimateMessages.tagAlreadyOnEstimate,
});

// ---- notes (general and internal, any status): the record core's; estimates are the admin's ----

export const { listComments, addComment, removeComment } = recordComments(estimateKind, { mayUse: () => true });

// ---- reminders (any status) ----------------------------------------------------------------------

const r = schema.estimateReminders;
const rk = schema.reminders;
const reminderColumns = {
  ...pickColumns(r, 'id', 'reminderId', 'reminderAt', 'description', 'processedAt'),
  isRequired: rk.isRequired,
};
const toReminder = (row: { reminderAt: Date; processedAt: Date | null } & Record<string, unknown>) => ({
  ...row,
  reminderAt: row.reminderAt.toISOString(),
  processedAt: row.processedAt ? row.processedAt.toISOString() : null,
});
async function reminders(db: Db, where: SQL) {
  const rows = await db
    .select(reminderColumns)
    .from(r)
    .innerJoin(rk, eq(rk.id, r.reminderId))
    .where(where)
    .orderBy(asc(r.reminderAt), asc(r.id));
  return rows.map(toReminder) as Array<
    Omit<(typeof rows)[number], 'reminderAt' | 'processedAt'> & { reminderAt: string; processedAt: string | null }
  >;
}

/** GET estimates/{id}/reminders: soonest first. */
export async function listReminders(db: Db, actor: Actor, id: number) {
  await findEstimate(db, actor, id);
  return { data: await reminders(db, eq(r.estimateId, id)) };
}

/**
 * POST estimates/{id}/reminders: an active reminder kind of the organization, once per estimate. The
 * notifications job turns it into a notification for who sees estimates when reminder_at passes.
 */
export async function addReminder(db: Db, actor: Actor, id: number, body: AddEstimateReminderBody) {
  const reminderId = await db.transaction(async (tx) => {
    await lockEstimate(tx, actor, id);
    const [kind] = await tx
      .select()
      .from(rk)
      .where(and(eq(rk.id, body.reminder), eq(rk.organizationId, actor.organizationId)));
    if (!kind) throw notFound(estimateMessages.reminderNotAvailable);
    if (!kind.isActive) throw invalid({ reminder: estimateMessages.reminderNotAvailable });
    try {
      const [row] = await tx
        .insert(r)
        .values({
          organizationId: actor.organizationId,
          estimateId: id,
          reminderId: kind.id,
          reminderAt: new Date(body.reminderAt),
          description: kind.description,
        })
        .returning({ id: r.id });
      await recordChange(tx, actor, id, 'update', [
        { field: 'reminders', before: null, after: { description: kind.description, reminderAt: body.reminderAt } },
      ]);
      return row!.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ reminder: estimateMessages.reminderAlreadyScheduled });
      throw err;
    }
  });
  const [row] = await reminders(db, eq(r.id, reminderId));
  return row!;
}

/** PATCH estimates/{id}/reminders/{reminderId}: moves it; a moved reminder fires again at its new time. */
export async function moveReminder(db: Db, actor: Actor, id: number, reminderId: number, reminderAt: string) {
  await db.transaction(async (tx) => {
    await lockEstimate(tx, actor, id);
    const [before] = await tx
      .select()
      .from(r)
      .where(and(eq(r.id, reminderId), eq(r.estimateId, id)));
    if (!before) throw notFound();
    await tx
      .update(r)
      .set({ reminderAt: new Date(reminderAt), processedAt: null })
      .where(eq(r.id, reminderId));
    await recordChange(tx, actor, id, 'update', [
      { field: `reminders.${before.description}`, before: before.reminderAt.toISOString(), after: reminderAt },
    ]);
  });
  const [row] = await reminders(db, eq(r.id, reminderId));
  return row!;
}

// ---- pictures (only while Draft or Wip): the record core's -------------------------------------

export const estimatePictures = recordPictures(estimateKind);

/** The newest e-mails first, for the 'E-mails enviados' tab. */
export async function listEmails(db: Db, actor: Actor, id: number) {
  await findEstimate(db, actor, id);
  return listRecordEmails(db, estimateEmailTable, id);
}
