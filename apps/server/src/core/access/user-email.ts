import { and, eq, sql } from 'drizzle-orm';
import { userMessages } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { invalid, isUniqueViolation } from '../../lib/errors.ts';

const t = schema.users;

/**
 * Runs a write that sets a user's e-mail. E-mails are unique across organizations (login is by
 * e-mail), but only one in use in the caller's own organization is named as taken; one of another
 * organization gets a message that does not say it exists.
 */
export async function uniqueEmail<T>(db: Db, organizationId: number, email: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err, 'users_email_key')) throw err;
    const [own] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(sql`lower(${t.email})`, email.toLowerCase()), eq(t.organizationId, organizationId)));
    throw invalid({ email: own ? userMessages.emailTaken : userMessages.emailUnavailable });
  }
}
