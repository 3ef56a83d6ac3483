import { z } from 'zod';
import { ROLE_ADMIN, ROLE_USER } from './auth.ts';
import { listQuery, money, requiredString } from './common.ts';
import { messages } from './messages.ts';

import { MIN_PASSWORD_LENGTH, userMessages } from './user-labels.ts';

/** GET .../users/available-roles. */
export const availableRoles = [
  { value: ROLE_ADMIN, label: 'Administrador' },
  { value: ROLE_USER, label: 'Colaborador' },
] as const;
export const roleValues = [ROLE_ADMIN, ROLE_USER] as const;
export const roleLabel = (role: string) => availableRoles.find((r) => r.value === role)?.label ?? role;
export const roleOption = z.object({ value: z.string(), label: z.string() });

/** Login is by e-mail, so it is stored trimmed and lower-case. */
export const emailField = z
  .string({ error: messages.required })
  .trim()
  .toLowerCase()
  .min(1, messages.required)
  .max(255, 'Deve ter no máximo 255 caracteres')
  .pipe(z.email({ error: messages.invalidEmail }));

export const passwordField = z
  .string({ error: messages.required })
  .min(1, { error: messages.required, abort: true })
  .min(MIN_PASSWORD_LENGTH, userMessages.passwordTooShort)
  .max(200, 'Deve ter no máximo 200 caracteres');

/** A password that may be left blank (blank keeps the current one). */
export const optionalPasswordField = z
  .string()
  .max(200, 'Deve ter no máximo 200 caracteres')
  .refine((v) => v === '' || v.length >= MIN_PASSWORD_LENGTH, userMessages.passwordTooShort)
  .default('');

const role = z.enum(roleValues, { error: userMessages.roleRequired });
/** The user's role (GET roles): when given, it decides, and `role` follows it. */
const roleId = z.number({ error: userMessages.roleRequired }).int().positive().optional();

/** A role given by `roleId`, or by one of the two values of before (`role`); one of them is required. */
const hasRole: [
  (b: { role?: string; roleId?: number }) => boolean,
  { path: string[]; error: string; when: () => boolean },
] = [
  (b) => b?.role !== undefined || b?.roleId !== undefined,
  // Asked even when other fields are wrong, so every missing field is told at once.
  { path: ['role'], error: userMessages.roleRequired, when: () => true },
];

/** POST admin/organizations/{orgId}/users: every field required, the password too. */
export const createUserBody = z
  .object({ name: requiredString(120), role: role.optional(), roleId, email: emailField, plainPassword: passwordField })
  .refine(...hasRole);
export type CreateUserBody = z.input<typeof createUserBody>;

/**
 * PUT admin/organizations/{orgId}/users/{id}: a blank password keeps the current one. isActive false
 * deactivates a collaborator who left (no login, not offered as a worker, history kept).
 */
export const updateUserBody = z
  .object({
    name: requiredString(120),
    role: role.optional(),
    roleId,
    email: emailField,
    plainPassword: optionalPasswordField,
    isActive: z.boolean().optional(),
  })
  .refine(...hasRole);
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** PATCH .../users/{id}/financial: what the collaborator earns per service order. */
export const userFinancialBody = z.object({ paymentValue: money({ min: 0 }) });
export type UserFinancialBody = z.infer<typeof userFinancialBody>;

export const userResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  paymentValue: z.number(),
});
export type User = z.infer<typeof userResponse>;

export const userListItem = userResponse.omit({ paymentValue: true });
export type UserListItem = z.infer<typeof userListItem>;

export const userListQuery = listQuery;

/** GET .../users/workers: active users who can work on service orders. */
export const workerItem = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type Worker = z.infer<typeof workerItem>;
export const workerListQuery = listQuery;
