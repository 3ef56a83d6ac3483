import { and, eq, sql } from 'drizzle-orm';
import { messages, profileMessages, type updateProfileBody } from '@ordem-certa/contracts';
import { checkDrawing } from '../../lib/images.ts';
import { hashPassword, schema, verifyPassword, type Db } from '@ordem-certa/db';
import type { z } from 'zod';
import type { TokenService } from '../../plugins/auth.ts';
import { invalid } from '../../lib/errors.ts';
import { assertFound, type AuthContext } from '../../core/access/access.ts';
import { uniqueEmail } from '../../core/access/user-email.ts';

type UpdateProfile = z.output<typeof updateProfileBody>;
const t = schema.users;
const columns = { name: t.name, email: t.email, signature: t.signature };
const me = (auth: AuthContext) => and(eq(t.id, auth.userId), eq(t.organizationId, auth.organizationId));

export async function getProfile(db: Db, auth: AuthContext) {
  const [row] = await db.select(columns).from(t).where(me(auth));
  return assertFound(row);
}

/**
 * Name and e-mail always; the password only when the current one is given and right (blank keeps
 * it). Answers with a fresh token, so the session shows the new name and e-mail.
 */
export async function updateProfile(
  db: Db,
  tokens: TokenService,
  auth: AuthContext,
  body: UpdateProfile,
  sessionId: number | undefined,
) {
  const [current] = await db
    .select({ passwordHash: t.passwordHash, role: t.role, email: t.email })
    .from(t)
    .where(me(auth));
  assertFound(current);
  // A new e-mail, like a new password, needs the current password: a borrowed session cannot take
  // the account over.
  const emailChanges = body.email !== current!.email;
  if (emailChanges && !body.oldPassword) throw invalid({ oldPassword: profileMessages.oldPasswordForEmail });
  let passwordHash: string | undefined;
  if (body.oldPassword) {
    if (!(await verifyPassword(body.oldPassword, current!.passwordHash))) {
      throw invalid({ oldPassword: profileMessages.wrongOldPassword });
    }
    if (body.newPassword) passwordHash = await hashPassword(body.newPassword);
  }
  // Either change ends every session opened before; this request gets a token of the new version.
  const endsSessions = emailChanges || !!passwordHash;
  const row = await uniqueEmail(async () => {
    const [updated] = await db
      .update(t)
      .set({
        name: body.name,
        email: body.email,
        ...(passwordHash ? { passwordHash } : {}),
        ...(endsSessions ? { tokenVersion: sql`${t.tokenVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(me(auth))
      .returning({ ...columns, tokenVersion: t.tokenVersion });
    return assertFound(updated);
  });
  const token = await tokens.sign({
    id: auth.userId,
    name: row.name,
    email: row.email,
    role: current!.role,
    organizationId: auth.organizationId,
    tokenVersion: row.tokenVersion,
    sessionId,
  });
  const { tokenVersion: _version, ...profile } = row;
  return { ...profile, token };
}

export async function saveSignature(db: Db, auth: AuthContext, signature: string) {
  await checkDrawing(signature, 'signature', messages.invalidFormat);
  const [row] = await db
    .update(t)
    .set({ signature, updatedAt: new Date() })
    .where(me(auth))
    .returning({ signature: t.signature });
  return { signature: assertFound(row).signature! };
}
