import { z } from 'zod';
import { optionalEmail, pathId } from './common.ts';
import { optionalPhone } from './phone.ts';

/** How long an access link works, and how long the session it opens lasts on that browser. */
export const PORTAL_LINK_TTL_MINUTES = 30;
export const PORTAL_SESSION_DAYS = 30;
/** At most this many access links per customer in an hour, however often they are asked. */
export const PORTAL_LINKS_PER_HOUR = 5;

export const portalMessages = {
  requested: `Se este contato estiver cadastrado, enviamos um link de acesso. Ele vale por ${PORTAL_LINK_TTL_MINUTES} minutos.`,
  sent: 'Link de acesso enviado ao cliente.',
  sentBy: (email: boolean, whatsapp: boolean) =>
    `Link de acesso enviado ao cliente por ${[email && 'e-mail', whatsapp && 'WhatsApp'].filter(Boolean).join(' e ')}.`,
  noChannel:
    'O cliente não tem e-mail nem WhatsApp para receber o link. Cadastre um e-mail (ou um celular com o consentimento do WhatsApp).',
  contactRequired: 'Informe seu e-mail ou o seu celular.',
  anonymized: 'Os dados deste cliente foram anonimizados: ele não tem mais acesso.',
  tooMany: 'Já enviamos vários links para este cliente na última hora. Aguarde um pouco.',
  linkInvalid: 'Este link de acesso expirou ou já foi usado. Peça um novo.',
  companyUnknown: 'Empresa não encontrada. Confira o link.',
} as const;

/** The company the portal is painted as: its name, logo (a data URL) and colour. */
export const portalBrand = z.object({
  organizationId: z.number().int(),
  companyName: z.string(),
  logo: z.string().nullable(),
  /** '#rrggbb'; null: the product's colour. */
  brandColor: z.string().nullable(),
});
export type PortalBrand = z.infer<typeof portalBrand>;

/** GET /api/public/portal/{organizationId}: the public page's company. */
export const portalOrgParams = z.object({ organizationId: pathId() });

/** POST /api/public/portal/{organizationId}/access: always 202, whether or not the e-mail belongs to a customer. */
export const portalAccessBody = z
  .object({ email: optionalEmail, phone: optionalPhone })
  .refine((b) => b.email || b.phone, { path: ['email'], message: portalMessages.contactRequired });
export type PortalAccessBody = z.infer<typeof portalAccessBody>;
export type PortalAccessInput = z.input<typeof portalAccessBody>;

/** POST /api/public/portal/sessions: the link's token for a session's. */
export const portalSessionBody = z.object({ token: z.string().min(1).max(200) });
export type PortalSessionBody = z.infer<typeof portalSessionBody>;
export const portalSessionResponse = z.object({ token: z.string(), expiresAt: z.string() });
export type PortalSessionResponse = z.infer<typeof portalSessionResponse>;

/** GET /api/portal/me: the customer signed in, and their company. */
export const portalMe = z.object({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  brand: portalBrand,
  sessionExpiresAt: z.string(),
  /** The sections of features the organization may turn off, as they are now (off: the server answers 404). */
  sections: z.object({ estimates: z.boolean(), nfse: z.boolean() }),
});
export type PortalMe = z.infer<typeof portalMe>;

/** POST organizations/{orgId}/customers/{id}/portal-access: which channels the link went by. */
export const portalSendResponse = z.object({
  message: z.string(),
  email: z.boolean(),
  whatsapp: z.boolean(),
});
export type PortalSendResponse = z.infer<typeof portalSendResponse>;
