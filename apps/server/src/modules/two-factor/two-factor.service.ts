import { and, count, eq, isNull } from 'drizzle-orm';
import { twoFactorMessages, type ConfirmTwoFactorBody, type DisableTwoFactorBody } from '@ordem-certa/contracts';
import { schema, verifyPassword, type Db } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import { assertFound, type AuthContext } from '../../core/access/access.ts';
import { sendAccountMail, type AccountMailDeps } from '../../core/access/account-mail.ts';
import { audit } from '../../core/audit/audit.ts';
import {
  checkSecondFactor,
  confirmPending,
  lockTwoFactor,
  removeSecondFactor,
  startEnrolment,
  twoFactorRequired,
} from '../../core/access/two-factor.ts';

const me = (auth: AuthContext) => ({ organizationId: auth.organizationId, id: auth.userId });

export async function twoFactorStatus(db: Db, auth: AuthContext) {
  const u = schema.users;
  const [row] = await db
    .select({ enabledAt: u.twoFactorEnabledAt, policy: schema.organizations.twoFactor })
    .from(u)
    .innerJoin(schema.organizations, eq(schema.organizations.id, u.organizationId))
    .where(and(eq(u.id, auth.userId), eq(u.organizationId, auth.organizationId)));
  const user = assertFound(row);
  const r = schema.userRecoveryCodes;
  const [left] = await db
    .select({ n: count() })
    .from(r)
    .where(and(eq(r.organizationId, auth.organizationId), eq(r.userId, auth.userId), isNull(r.usedAt)));
  return {
    enabled: !!user.enabledAt,
    enabledAt: user.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: left!.n,
    required: twoFactorRequired(user.policy, auth.permissions),
  };
}

/** POST profile/two-factor: a new secret, pending until confirmed; refused while one is on. */
export async function beginEnrolment(db: Db, auth: AuthContext) {
  const [row] = await db
    .select({ on: schema.users.totpSecret })
    .from(schema.users)
    .where(and(eq(schema.users.id, auth.userId), eq(schema.users.organizationId, auth.organizationId)));
  if (assertFound(row).on) throw invalid({ code: twoFactorMessages.alreadyEnabled });
  return startEnrolment(db, { ...me(auth), email: auth.email });
}

/** POST profile/two-factor/confirm {code}: the first code turns it on; answers the recovery codes, once. */
export async function confirmEnrolment(db: Db, auth: AuthContext, body: ConfirmTwoFactorBody) {
  return db.transaction(async (tx) => {
    const user = assertFound(await lockTwoFactor(tx, me(auth)));
    if (user.totpSecret) throw invalid({ code: twoFactorMessages.alreadyEnabled });
    if (!user.totpPendingSecret) throw invalid({ code: twoFactorMessages.notPending });
    const recoveryCodes = await confirmPending(db, tx, user, body.code);
    if (!recoveryCodes) throw invalid({ code: twoFactorMessages.codeInvalid });
    return { recoveryCodes };
  });
}

/** DELETE profile/two-factor {password, code}: both are needed; refused where the organization requires it. */
export async function disableTwoFactor(db: Db, auth: AuthContext, body: DisableTwoFactorBody) {
  const wrong = await db.transaction(async (tx) => {
    const user = assertFound(await lockTwoFactor(tx, me(auth)));
    if (!user.totpSecret) return invalid({ code: twoFactorMessages.notEnabled });
    if (twoFactorRequired(user.policy, auth.permissions))
      return invalid({ code: twoFactorMessages.requiredByOrganization });
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      return invalid({ password: twoFactorMessages.wrongPassword });
    }
    // A right code is spent even if the password were wrong, so the password is checked first.
    if (!(await checkSecondFactor(db, tx, user, body.code))) return invalid({ code: twoFactorMessages.codeInvalid });
    await removeSecondFactor(tx, user);
    return undefined;
  });
  if (wrong) throw wrong;
}

/**
 * An admin removes another user's second factor (a lost phone): audited, and the user is told by
 * e-mail. The user enrols again at their next login where the organization requires it.
 */
export async function resetTwoFactor(db: Db, mail: AccountMailDeps, auth: AuthContext, userId: number) {
  const user = await db.transaction(async (tx) => {
    const target = assertFound(await lockTwoFactor(tx, { organizationId: auth.organizationId, id: userId }));
    if (!target.totpSecret && !target.totpPendingSecret) throw invalid({ id: twoFactorMessages.notEnabled });
    await removeSecondFactor(tx, target);
    await audit(tx, auth, 'update', 'user', target.id, [{ field: 'twoFactor', before: 'on', after: 'off' }]);
    return target;
  });
  void sendAccountMail(mail, user, {
    subject: 'a verificação em duas etapas da sua conta foi removida',
    before: [
      `${auth.name}, administrador da sua organização, removeu a verificação em duas etapas da sua conta.`,
      'No próximo acesso, entre com a sua senha e, se a organização exigir, configure o aplicativo autenticador de novo.',
    ],
    after: ['Se você não pediu isso, fale com o administrador e troque a sua senha.'],
  }).catch((err: unknown) => mail.log.error({ err }, 'two-factor reset e-mail not sent'));
}
