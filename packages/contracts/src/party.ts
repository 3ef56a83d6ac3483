import { z } from 'zod';
import { messages } from './messages.ts';
import { listResponse, optionalEmail, optionalText, requiredString } from './common.ts';
import { identifierError, normalizeIdentifier, PersonType } from './identifier.ts';
import { optionalPhone, phoneE164 } from './phone.ts';
import { loadedVersion, recordVersion } from './record-versions.ts';

/**
 * Companies and customers share their identity fields (type, identifier, name, alias, email,
 * phone) and one form; these are its schemas, used by both APIs and forms. The phone is stored as
 * people read it and, when it is a real number, also in E.164 (`phoneE164`, made here, not sent).
 */

export const personType = z
  .number({ error: messages.required })
  .refine((v) => v === PersonType.Juridical || v === PersonType.Natural, messages.required)
  .transform((v) => v as PersonType);

const identityFields = {
  type: personType,
  name: requiredString(255),
  /** Nome Fantasia: required for legal entities, dropped for individuals. */
  alias: optionalText(255),
  email: optionalEmail,
  phone: optionalPhone,
};

type IdentityLike = { type?: number; alias?: string | null };
/** The number in E.164 beside the text, for WhatsApp and calls. */
const withE164 = <T extends { phone: string | null }>(v: T) => ({ ...v, phoneE164: phoneE164(v.phone) });
const aliasRule = <T extends IdentityLike>(v: T, ctx: z.RefinementCtx) => {
  if (v.type === PersonType.Juridical && !v.alias) {
    ctx.addIssue({ code: 'custom', path: ['alias'], message: messages.required });
  }
};
/** Only individuals carry no alias: it is sent and stored for legal entities only. */
const dropAliasOfIndividuals = <T extends IdentityLike>(v: T): T =>
  v.type === PersonType.Juridical ? v : { ...v, alias: null };

/** Runs a cross-field rule even when another field failed, so the form shows every error on blur. */
const whenObject = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };

/** POST companies / POST customers. The identifier is checked by type and stored normalized. */
export const createPartyBody = z
  .object({ ...identityFields, identifier: z.string({ error: messages.required }).trim().max(30) })
  .superRefine((v, ctx) => {
    if (v.type !== PersonType.Juridical && v.type !== PersonType.Natural) return;
    if (typeof v.identifier !== 'string') return; // its own issue is already reported
    if (!v.identifier) {
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: messages.required });
      return;
    }
    const error = identifierError(v.type, v.identifier);
    if (error) ctx.addIssue({ code: 'custom', path: ['identifier'], message: error });
  }, whenObject)
  .superRefine(aliasRule, whenObject)
  .transform((v) => withE164(dropAliasOfIndividuals({ ...v, identifier: normalizeIdentifier(v.identifier) })));
export type CreatePartyBody = z.infer<typeof createPartyBody>;
export type CreatePartyInput = z.input<typeof createPartyBody>;

/**
 * PUT companies/{id} / PUT customers/{id}: the type is locked and the identifier read-only.
 * The type still travels so the alias rule can be checked here; the server refuses a changed type.
 */
export const updatePartyBody = z
  .object({ ...identityFields, ...loadedVersion })
  .superRefine(aliasRule, whenObject)
  .transform((v) => withE164(dropAliasOfIndividuals(v)));
export type UpdatePartyBody = z.infer<typeof updatePartyBody>;
export type UpdatePartyInput = z.input<typeof updatePartyBody>;

export const partyMessages = {
  typeLocked: 'O tipo não pode ser alterado',
  identifierTaken: (type: PersonType) =>
    type === PersonType.Natural ? 'Já existe um cadastro com este CPF' : 'Já existe um cadastro com este CNPJ',
} as const;

export const partyListItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  identifier: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  email: z.string().nullable(),
  /** As people read it ('(11) 98765-4321'); a number kept from before that is not a real one, as typed. */
  phone: z.string().nullable(),
  /** '+5511987654321'; null without a phone or when the phone is not a real number. */
  phoneE164: z.string().nullable(),
});
export type PartyListItem = z.infer<typeof partyListItem>;
export const partyListResponse = listResponse(partyListItem);

/** One company or customer, with the version its form sends back. */
export const partyResponse = partyListItem.extend({ version: recordVersion });
export type Party = z.infer<typeof partyResponse>;
