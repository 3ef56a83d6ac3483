import { z } from 'zod';
import { emailField, passwordField } from './users.ts';
import { userMessages } from './user-labels.ts';

/** How long the e-mailed link to choose a new password works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const passwordResetMessages = {
  requested: `Se o e-mail estiver cadastrado, enviamos um link para criar uma nova senha. Ele vale por ${PASSWORD_RESET_TTL_MINUTES / 60} hora.`,
  linkInvalid: 'Este link para criar uma nova senha expirou ou já foi usado. Peça um novo.',
  done: 'Senha alterada. Entre com a nova senha.',
} as const;

/** POST /api/password-reset: always 202, whether or not the e-mail belongs to someone. */
export const passwordResetBody = z.object({ email: emailField });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** POST /api/password-reset/confirm: the link's token and the new password. */
export const passwordResetConfirmBody = z.object({
  token: z.string().min(1).max(2000),
  password: passwordField,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

/** The form: the new password typed twice; the confirmation is checked here and never sent. */
export const passwordResetForm = z
  .object({ password: passwordField, passwordConfirm: z.string() })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: userMessages.passwordMismatch,
  });
export type PasswordResetForm = z.infer<typeof passwordResetForm>;
