import { z } from 'zod';
import { listQuery, listResponse } from './common.ts';
import { addressMessages, brazilianStates } from './addresses.ts';

/**
 * GET municipalities: IBGE's list, searched by name without regard to case or accents ('sao paulo'
 * finds 'São Paulo'), optionally of one UF; paged like every list.
 */
export const municipalityListQuery = listQuery.extend({
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || (brazilianStates as readonly string[]).includes(v), addressMessages.state)
    .optional()
    .transform((v) => v || undefined),
});
export type MunicipalityListQuery = z.infer<typeof municipalityListQuery>;

export const municipalityResponse = z.object({
  /** 7 digits. */
  ibgeCode: z.string(),
  name: z.string(),
  /** UF. */
  state: z.string(),
});
export type Municipality = z.infer<typeof municipalityResponse>;
export const municipalityListResponse = listResponse(municipalityResponse);

/** IBGE's code of each UF: the first two digits of the codes of its municipalities. */
export const ibgeStateCodes: Record<(typeof brazilianStates)[number], string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

/** The UF of a municipality's IBGE code ('3550308' → 'SP'); undefined for a code of no UF. */
export function stateOfIbgeCode(code: string | null | undefined): string | undefined {
  const prefix = (code ?? '').slice(0, 2);
  return Object.entries(ibgeStateCodes).find(([, c]) => c === prefix)?.[0];
}
