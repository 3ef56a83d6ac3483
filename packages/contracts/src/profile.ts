import { z } from 'zod';
import { requiredString } from './common.ts';
import { emailField, optionalPasswordField } from './users.ts';
import { userMessages } from './user-labels.ts';
import { messages } from './messages.ts';

export const profileMessages = {
  saved: 'Perfil alterado com sucesso',
  signatureSaved: 'Assinatura salva',
  wrongOldPassword: 'A senha atual está incorreta',
  oldPasswordNeeded: 'Informe a senha atual para definir uma nova senha',
  oldPasswordForEmail: 'Informe a senha atual para alterar o e-mail',
} as const;

const profileFields = z.object({
  name: requiredString(120),
  email: emailField,
  oldPassword: z.string().max(200).default(''),
  newPassword: optionalPasswordField,
});

type PasswordFields = { oldPassword?: string; newPassword?: string };
/**
 * Blank old and new passwords keep the current one; a new one needs the current one. The
 * current password alone is what a change of e-mail needs (the server knows whether it changed).
 */
const passwordPair = (v: PasswordFields, ctx: z.RefinementCtx) => {
  if (v.newPassword && !v.oldPassword) {
    ctx.addIssue({ code: 'custom', path: ['oldPassword'], message: profileMessages.oldPasswordNeeded });
  }
};

/** PUT profile {name, email, oldPassword, newPassword}. */
export const updateProfileBody = profileFields.superRefine(passwordPair);
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/** The profile form: the body plus passwordConfirm, which is checked here and never sent. */
export const profileForm = profileFields
  .extend({ passwordConfirm: z.string().default('') })
  .superRefine(passwordPair)
  .superRefine((v, ctx) => {
    if ((v.newPassword ?? '') !== (v.passwordConfirm ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: userMessages.passwordMismatch });
    }
  });
export type ProfileForm = z.input<typeof profileForm>;

export const profileResponse = z.object({
  name: z.string(),
  email: z.string(),
  signature: z.string().nullable(),
});
export type Profile = z.infer<typeof profileResponse>;

/** PUT profile answers with a new token too, so the name and e-mail in the session follow the change. */
export const updateProfileResponse = profileResponse.extend({ token: z.string() });

/** POST profile/sign {signature}: a PNG data URL drawn on the pad. */
export const signatureBody = z.object({
  signature: z
    .string({ error: 'A assinatura é obrigatória' })
    .max(1_500_000, 'A assinatura é grande demais')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, messages.invalidFormat),
});
export type SignatureBody = z.infer<typeof signatureBody>;
export const signatureResponse = z.object({ signature: z.string() });
