import { and, eq, gt, sql } from 'drizzle-orm';
import { messages, type LoginBody } from '@oficina/contracts';
import { schema, verifyPassword, type Db } from '@oficina/db';
import { tooMany, unauthorized } from '../../plugins/errors.ts';
import type { TokenService } from '../../plugins/auth.ts';

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 30;

async function failuresSince(db: Db, column: 'email' | 'ip', value: string): Promise<number> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.loginAttempts)
    .where(
      and(
        eq(schema.loginAttempts[column], value),
        eq(schema.loginAttempts.succeeded, false),
        gt(schema.loginAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function login(db: Db, tokens: TokenService, body: LoginBody, ip: string): Promise<string> {
  const email = body.username.toLowerCase();
  if (
    (await failuresSince(db, 'email', email)) >= MAX_FAILURES_PER_ACCOUNT ||
    (await failuresSince(db, 'ip', ip)) >= MAX_FAILURES_PER_IP
  ) {
    throw tooMany(messages.loginTooMany);
  }
  const [user] = await db
    .select()
    .from(schema.users)
    .where(eq(sql`lower(${schema.users.email})`, email));
  const ok = !!user && user.isActive && (await verifyPassword(body.password, user.passwordHash));
  await db.insert(schema.loginAttempts).values({ email, ip, succeeded: ok });
  if (!ok || !user) throw unauthorized(messages.loginUnauthorized);
  return tokens.sign(user);
}

export async function getMe(db: Db, userId: number, organizationId: number) {
  const [row] = await db
    .select({
      id: schema.users.id,
      name: schema.users.name,
      email: schema.users.email,
      role: schema.users.role,
      orgId: schema.organizations.id,
      orgName: schema.organizations.name,
      features: schema.organizations.features,
    })
    .from(schema.users)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.users.organizationId))
    .where(and(eq(schema.users.id, userId), eq(schema.users.organizationId, organizationId)));
  return row;
}
