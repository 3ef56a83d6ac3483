import { z } from 'zod';
import { messages } from './messages.ts';
import { twoFactorPolicies } from './session.ts';

export const twoFactorMessages = {
  codeInvalid: 'Código inválido. Confira o horário do celular e tente de novo.',
  challengeExpired: 'A verificação expirou. Entre com a senha de novo.',
  tooManyCodes: 'Muitos códigos errados. Entre com a senha de novo daqui a alguns minutos.',
  notPending: 'Comece a ativação de novo: gere um novo QR code.',
  notEnabled: 'A verificação em duas etapas não está ativada.',
  alreadyEnabled: 'A verificação em duas etapas já está ativada.',
  wrongPassword: 'A senha está incorreta',
  requiredByOrganization: 'A organização exige a verificação em duas etapas para a sua conta.',
  reset: 'Verificação em duas etapas removida. O usuário configura de novo no próximo acesso.',
  sessionEnded: 'Sessão encerrada',
  othersEnded: 'As outras sessões foram encerradas',
} as const;

/** The organization's rule, as its settings screen shows it. */
export const twoFactorPolicyLabels: Record<(typeof twoFactorPolicies)[number], string> = {
  off: 'Opcional para todos',
  admins: 'Obrigatória para quem administra usuários',
  everyone: 'Obrigatória para todos',
};
export const twoFactorPolicy = z.enum(twoFactorPolicies, { error: messages.invalidFormat });

/** Six digits from the app, or a recovery code (letters and digits, dashes and spaces ignored). */
const code = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(40, twoFactorMessages.codeInvalid);

/** POST /api/login answers this instead of a token when a second step is due. */
export const loginChallengeResponse = z.object({
  twoFactorRequired: z.literal(true),
  /** Single-use and short-lived: POST /api/login/two-factor takes it with a code. */
  challenge: z.string(),
  /** The organization requires the second step and the user has none yet: enrol first (setup). */
  enrolmentRequired: z.boolean(),
});
export const loginTokenResponse = z.object({ token: z.string() });
export const loginResponse = z.union([loginTokenResponse, loginChallengeResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /api/login/two-factor {challenge, code, remember}. */
export const loginTwoFactorBody = z.object({
  challenge: z.string({ error: messages.required }).min(1, messages.required).max(200),
  code,
  /** "Lembrar este navegador por 30 dias": a cookie lets this browser skip the second step. */
  remember: z.boolean().default(false),
});
export type LoginTwoFactorBody = z.input<typeof loginTwoFactorBody>;
/** The token; when this step also finished an enrolment, the recovery codes (shown once). */
export const loginTwoFactorResponse = z.object({
  token: z.string(),
  recoveryCodes: z.array(z.string()).optional(),
});

/** POST /api/login/two-factor/setup {challenge}: enrolment during a login the organization requires it for. */
export const loginTwoFactorSetupBody = z.object({
  challenge: z.string({ error: messages.required }).min(1, messages.required).max(200),
});

/** POST profile/two-factor: a new secret to scan (it counts after confirm). */
export const twoFactorSetupResponse = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code, for the screen to show. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

/** POST profile/two-factor/confirm {code}. */
export const confirmTwoFactorBody = z.object({ code });
export type ConfirmTwoFactorBody = z.input<typeof confirmTwoFactorBody>;
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

/** DELETE profile/two-factor {password, code}. */
export const disableTwoFactorBody = z.object({
  password: z.string({ error: messages.required }).min(1, messages.required).max(200),
  code,
});
export type DisableTwoFactorBody = z.input<typeof disableTwoFactorBody>;

/** GET profile/two-factor. */
export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The organization requires it of this user (it cannot be turned off). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>;

/** A signed-in browser (GET profile/sessions). */
export const sessionItem = z.object({
  id: z.number().int(),
  browser: z.string(),
  system: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionsResponse = z.object({
  data: z.array(sessionItem),
  meta: z.object({ total: z.number().int(), skip: z.number().int(), take: z.number().int() }),
});

export const signInOutcomeLabels = {
  success: 'Acesso',
  wrong_password: 'Senha incorreta',
  wrong_code: 'Código incorreto',
} as const;
/** GET profile/sign-ins: the last sign-ins and failures. */
export const signInItem = z.object({
  id: z.number().int(),
  outcome: z.enum(['success', 'wrong_password', 'wrong_code']),
  browser: z.string(),
  system: z.string(),
  ip: z.string(),
  createdAt: z.string(),
});
export type SignInItem = z.infer<typeof signInItem>;
export const signInsResponse = z.object({ data: z.array(signInItem) });
