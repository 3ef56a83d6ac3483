import { z } from 'zod';
import { entityId, listMeta } from './common.ts';
import {
  consentSources,
  messageStatuses,
  whatsappCloudMessages as m,
  whatsappEvents,
  WHATSAPP_TEXT_MAX,
  type WhatsAppEvent,
} from './whatsapp-cloud-labels.ts';

// The organization's connection to Meta's WhatsApp Cloud API, the templates it sends, the customers'
// consent and the messages that went and came. Plain data and labels are in whatsapp-cloud-labels.ts.

const graphId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{5,30}$/, message);
/** A secret typed in the form: blank or absent keeps the one stored. */
const secretField = z
  .string()
  .max(1000)
  .nullish()
  .transform((v) => v?.trim() || null);

/** Each event's switch; one left out is on. */
export const whatsappEventSwitches = z.object(
  Object.fromEntries(whatsappEvents.map((e) => [e, z.boolean().default(true)])) as Record<
    WhatsAppEvent,
    z.ZodDefault<z.ZodBoolean>
  >,
);
export type WhatsAppEventSwitches = z.output<typeof whatsappEventSwitches>;

/**
 * PUT whatsapp/settings: the connection, the master switch and each event's. The access token and the
 * app secret are write-only: blank keeps what is stored. Enabling needs both stored or given.
 */
export const whatsappSettingsBody = z.object({
  phoneNumberId: graphId(m.phoneNumberIdInvalid),
  businessAccountId: graphId(m.businessAccountIdInvalid),
  accessToken: secretField,
  appSecret: secretField,
  verifyToken: z
    .string({ error: m.verifyTokenInvalid })
    .trim()
    .regex(/^[\w.-]{8,100}$/, m.verifyTokenInvalid),
  enabled: z.boolean().default(false),
  events: whatsappEventSwitches.default(() => whatsappEventSwitches.parse({})),
});
export type WhatsAppSettingsInput = z.input<typeof whatsappSettingsBody>;
export type WhatsAppSettingsBody = z.output<typeof whatsappSettingsBody>;

/** The phone number as Meta describes it ('Testar'). */
export const whatsappPhoneNumber = z.object({
  displayPhoneNumber: z.string(),
  verifiedName: z.string().nullable(),
  qualityRating: z.string().nullable(),
  testedAt: z.string(),
});
export type WhatsAppPhoneNumber = z.infer<typeof whatsappPhoneNumber>;

/** GET whatsapp/settings: never the token or the secret, only whether they are stored. */
export const whatsappSettingsResponse = z.object({
  configured: z.boolean(),
  phoneNumberId: z.string().nullable(),
  businessAccountId: z.string().nullable(),
  hasAccessToken: z.boolean(),
  hasAppSecret: z.boolean(),
  verifyToken: z.string().nullable(),
  enabled: z.boolean(),
  events: z.record(z.string(), z.boolean()),
  /** The callback URL to give Meta's app dashboard. */
  webhookUrl: z.string(),
  phoneNumber: whatsappPhoneNumber.nullable(),
  /** False in production without a key outside the database: the secrets cannot be stored. */
  canStoreSecrets: z.boolean(),
});
export type WhatsAppSettings = z.infer<typeof whatsappSettingsResponse>;

/** A product template and where it stands with Meta. */
export const whatsappTemplate = z.object({
  key: z.string(),
  name: z.string(),
  label: z.string(),
  category: z.string(),
  language: z.string(),
  /** The text with its numbered parameters ({{1}}, {{2}}…), and the footer. */
  body: z.string(),
  /** A sample value of each parameter, in order (what Meta is shown when the template is submitted). */
  example: z.array(z.string()),
  buttons: z.array(z.string()),
  /** NOT_SUBMITTED, or Meta's: PENDING, APPROVED, REJECTED, PAUSED, DISABLED… */
  status: z.string(),
  rejectedReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type WhatsAppTemplate = z.infer<typeof whatsappTemplate>;
export const whatsappTemplatesResponse = z.object({ data: z.array(whatsappTemplate) });

/** PUT customers/{id}/whatsapp-consent: the customer agreed (or refused), and how it came. */
export const whatsappConsentBody = z.object({
  optIn: z.boolean(),
  source: z.enum(consentSources),
});
export type WhatsAppConsentBody = z.infer<typeof whatsappConsentBody>;

export const whatsappConsentEntry = z.object({
  optIn: z.boolean(),
  source: z.enum(consentSources),
  /** The number the consent was given for (E.164), as it was then. */
  phone: z.string().nullable(),
  at: z.string(),
  /** Who recorded it; null when the customer's own reply did. */
  recordedBy: z.string().nullable(),
});
/** GET/PUT customers/{id}/whatsapp-consent: the consent in force, and its history (newest first). */
export const whatsappConsentResponse = z.object({
  current: whatsappConsentEntry.nullable(),
  history: z.array(whatsappConsentEntry),
});
export type WhatsAppConsent = z.infer<typeof whatsappConsentResponse>;

export const customerMessage = z.object({
  id: z.number().int(),
  direction: z.enum(['out', 'in']),
  channel: z.enum(['whatsapp', 'email']),
  kind: z.enum(['template', 'text', 'button', 'other']),
  event: z.string().nullable(),
  body: z.string(),
  status: z.enum(messageStatuses),
  /** Meta's error code of a failed message, and why in pt-BR. */
  errorCode: z.number().int().nullable(),
  errorReason: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.number().int().nullable(),
  author: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type CustomerMessage = z.infer<typeof customerMessage>;

/** Whether the office may answer with free text now: within the customer's 24 hours, and why not. */
export const replyWindow = z.object({
  open: z.boolean(),
  until: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ReplyWindow = z.infer<typeof replyWindow>;

/** GET customers/{id}/messages and invoices/{id}/messages: newest first. */
export const customerMessagesResponse = z.object({
  data: z.array(customerMessage),
  meta: listMeta,
  window: replyWindow,
});
export type CustomerMessages = z.infer<typeof customerMessagesResponse>;

/** POST customers/{id}/messages: a free-text answer, maybe about one of the customer's orders. */
export const replyBody = z.object({
  text: z.string({ error: m.textRequired }).trim().min(1, m.textRequired).max(WHATSAPP_TEXT_MAX, m.textTooLong),
  invoiceId: entityId().nullish(),
});
export type ReplyBody = z.infer<typeof replyBody>;
