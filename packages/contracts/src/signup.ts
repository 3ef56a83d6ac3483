import { z } from 'zod';
import { requiredString } from './common.ts';
import { createPartyBody } from './party.ts';
import { emailField, passwordField } from './users.ts';
import { userMessages } from './user-labels.ts';

/** How long the link that confirms the owner's e-mail works. */
export const EMAIL_VERIFICATION_TTL_DAYS = 7;

export const signupMessages = {
  closed:
    'O cadastro de novas empresas está fechado nesta instalação. Peça a quem administra o sistema para criar a sua conta.',
  /** Said of an e-mail that already has an account: no more than sign-up needs to say. */
  emailUnavailable: 'Não é possível criar uma conta com este e-mail. Se ele já é seu, entre ou peça uma nova senha.',
  refused: 'Não foi possível concluir o cadastro. Tente novamente.',
  created: 'Conta criada. Enviamos um link para confirmar o seu e-mail.',
  verifySent: 'Enviamos um novo link para confirmar o seu e-mail.',
  verified: 'E-mail confirmado. Você já pode enviar orçamentos e ordens de serviço aos clientes.',
  linkInvalid: 'Este link para confirmar o e-mail expirou ou não vale mais. Entre e peça um novo.',
  /** What is refused until the e-mail is confirmed. */
  unverified: 'Confirme o seu e-mail para enviar mensagens aos clientes. Use o link que enviamos ou peça um novo.',
  tooMany: 'Muitos cadastros em pouco tempo. Aguarde e tente novamente mais tarde.',
  resendTooMany: 'Já enviamos vários links há pouco. Aguarde alguns minutos e confira também a caixa de spam.',
} as const;

/** GET /api/signup: whether this installation takes sign-ups (SIGNUP=closed: no). */
export const signupStatusResponse = z.object({ open: z.boolean() });
export type SignupStatus = z.infer<typeof signupStatusResponse>;

/**
 * POST /api/signup: the first company (as the company form has it), the owner's account, and
 * `website`, a field people never see (a robot filling every field fills it too; such a sign-up is
 * refused).
 */
export const signupBody = z.object({
  company: createPartyBody,
  owner: z.object({ name: requiredString(120), email: emailField, password: passwordField }),
  website: z.string().max(500).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;
export type SignupInput = z.input<typeof signupBody>;

/** The form: the password typed twice; the confirmation is checked here and never sent. */
export const signupForm = signupBody.extend({
  owner: signupBody.shape.owner
    .extend({ passwordConfirm: z.string() })
    .refine((v) => v.password === v.passwordConfirm, {
      path: ['passwordConfirm'],
      message: userMessages.passwordMismatch,
    }),
});
export type SignupFormValues = z.input<typeof signupForm>;

/** The answer: the owner is signed in at once; the e-mail is confirmed later through the link. */
export const signupResponse = z.object({ token: z.string(), organizationId: z.number().int() });
export type SignupResponse = z.infer<typeof signupResponse>;

/** POST /api/signup/verify: the token of the e-mailed link. */
export const verifyEmailBody = z.object({ token: z.string().min(1).max(2000) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;
