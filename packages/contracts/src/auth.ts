import { z } from 'zod';
import { messages } from './messages.ts';
import { withoutBidiControls } from './common.ts';

import { featureNames, type FeatureName } from './session.ts';
import { twoFactorPolicy } from './two-factor.ts';
import { loadedVersion, recordVersion } from './record-versions.ts';

export * from './session.ts';

export const featuresSchema = z.object(
  Object.fromEntries(featureNames.map((f) => [f, z.boolean()])) as Record<FeatureName, z.ZodBoolean>,
);

/** POST /api/login. The field is called username but holds the e-mail. */
export const loginBody = z.object({
  username: z.string({ error: messages.required }).trim().toLowerCase().min(1, messages.required).max(255),
  password: z.string({ error: messages.required }).min(1, messages.required).max(200),
  /** The token of an e-mailed unlock link: lets this login skip the account's wait between tries. */
  unlock: z.string().max(2000).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The JWT payload: the user (sub, name, e-mail, roles), their organization and the expiry. */
export const tokenPayload = z.object({
  sub: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  organizationId: z.number().int(),
  /** The user's token version when issued; behind the current one, the token is refused. */
  ver: z.number().int().optional(),
  /** The session (user_sessions.id) it was issued for; a token of an ended session is refused. */
  sid: z.number().int().optional(),
  exp: z.number().int(),
});
export type TokenPayload = z.infer<typeof tokenPayload>;

export const meResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  /** What the user's role may do now, as named in the permission map (the screens ask `can` of these). */
  permissions: z.array(z.string()),
  organization: z.object({
    id: z.number().int(),
    name: z.string(),
    /** The IANA zone the screens show dates and compute "today" in (the organization's, not the browser's). */
    timeZone: z.string(),
    features: featuresSchema,
    /** False while the owner of an organization made by sign-up has not confirmed the e-mail yet. */
    verified: z.boolean(),
  }),
  /** The server's map tiles (MAP_TILES_URL, a `{z}/{x}/{y}` template); null: the screens show no maps. */
  mapTilesUrl: z.string().nullable(),
});
export type Me = z.infer<typeof meResponse>;

export const organizationResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  features: featuresSchema,
  twoFactor: twoFactorPolicy,
  /** The row's version: the settings form sends it back with its save (409 when they changed meanwhile). */
  version: recordVersion,
});
export const updateOrganizationBody = z.object({
  name: z.string({ error: messages.required }).overwrite(withoutBidiControls).trim().min(1, messages.required).max(120),
  timeZone: z
    .string()
    .refine((tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC', 'Fuso horário inválido')
    .optional(),
  twoFactor: twoFactorPolicy.optional(),
  ...loadedVersion,
});
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;
