import { z } from 'zod';
import { listResponse, optionalText, pathId, requiredString } from './common.ts';

/** The 27 federative units, for the state select. */
export const brazilianStates = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

export const addressMessages = {
  number: 'Informe apenas números',
  postalCode: 'CEP inválido',
  state: 'UF inválida',
  ibgeCode: 'Código do município inválido',
  municipalityUnknown: 'Município não encontrado na lista do IBGE',
  municipalityOtherState: 'O município escolhido não é da UF informada',
  saved: 'Endereço salvo',
  removed: 'Endereço removido com sucesso',
  removeFailed: (owner: 'company' | 'customer') =>
    `Houve um problema ao tentar remover o endereço ${owner === 'company' ? 'da Empresa' : 'do Cliente'}. Tente novamente.`,
} as const;

/**
 * Address of a company or customer: only address is required; CEP has 8 digits. ibgeCode is the
 * municipality's code (7 digits) from IBGE's list; the server checks it exists and is of the UF, and
 * stores the municipality's name as the city.
 */
export const addressBody = z.object({
  address: requiredString(255),
  number: z
    .number({ error: addressMessages.number })
    .int(addressMessages.number)
    .min(0, addressMessages.number)
    .max(999_999, addressMessages.number)
    .nullish()
    .transform((v) => v ?? null),
  complement: optionalText(255),
  neighborhood: optionalText(255),
  city: optionalText(255),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || (brazilianStates as readonly string[]).includes(v), addressMessages.state)
    .nullish()
    .transform((v) => v || null),
  /** Typed with or without the hyphen; stored as 8 digits. */
  postalCode: z
    .string()
    .trim()
    .transform((v) => v.replace(/[-.\s]/g, ''))
    .refine((v) => v === '' || /^\d{8}$/.test(v), addressMessages.postalCode)
    .nullish()
    .transform((v) => v || null),
  ibgeCode: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{7}$/.test(v), addressMessages.ibgeCode)
    .nullish()
    .transform((v) => v || null),
});
export type AddressBody = z.infer<typeof addressBody>;
export type AddressInput = z.input<typeof addressBody>;

export const addressResponse = z.object({
  id: z.number().int(),
  address: z.string(),
  number: z.number().int().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  ibgeCode: z.string().nullable(),
  /** Where it is: looked up after the save, or the pin set by hand (null: not known yet). */
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  /** 'geocoder', 'manual' (the pin), 'missing' (the service knows no such place); null: not looked up yet. */
  positionSource: z.enum(['geocoder', 'manual', 'missing']).nullable().optional(),
});
export type Address = z.infer<typeof addressResponse>;
export const addressListResponse = listResponse(addressResponse);

export const addressParam = z.object({
  orgId: pathId(),
  id: pathId(),
  addressId: pathId(),
});
