import { z } from 'zod';
import { addressResponse } from './addresses.ts';
import { identifierMessages, isValidCnpj, normalizeIdentifier } from './identifier.ts';

/**
 * CEP and CNPJ lookups: the server asks outside services (ViaCEP, BrasilAPI) and keeps their answers.
 * A lookup that fails never blocks a form: the address and the company's data are typed by hand.
 */
export const lookupMessages = {
  cepInvalid: 'CEP inválido: informe os 8 números',
  cepNotFound: 'CEP não encontrado',
  cepUnavailable: 'Não foi possível consultar o CEP agora; preencha o endereço manualmente',
  cepSearching: 'Buscando o endereço do CEP…',
  cnpjInvalid: identifierMessages.cnpj,
  cnpjNotFound: 'CNPJ não encontrado',
  cnpjUnavailable: 'Não foi possível consultar o CNPJ agora; preencha os dados manualmente',
  cnpjFill: 'Preencher pelo CNPJ',
  cnpjFilled: 'Campos vazios preenchidos com os dados do CNPJ',
  cnpjNothingToFill: 'Os campos já estavam preenchidos; nada foi alterado',
  cnpjAddressFound: 'Endereço no cadastro do CNPJ',
  cnpjAddressOnSave: 'Adicionar este endereço ao salvar',
  cnpjAddressAdd: 'Adicionar este endereço',
  cnpjAddressAddFailed: 'Não foi possível adicionar o endereço. Tente novamente.',
  cnpjAddressNotAdded:
    'O cadastro foi salvo, mas não foi possível adicionar o endereço do CNPJ. Adicione-o na aba Endereços.',
  tooFast: 'Muitas consultas em pouco tempo. Aguarde um minuto e tente novamente.',
} as const;

/** The 8 digits of a CEP typed with or without '-', '.' or spaces; null when it is not a CEP. */
export function cepDigits(value: string | null | undefined): string | null {
  const v = (value ?? '').replace(/[-.\s]/g, '');
  return /^\d{8}$/.test(v) ? v : null;
}

/** The CNPJ as stored (14 characters, letters upper-case) when its check digits hold; null otherwise. */
export function cnpjForLookup(value: string | null | undefined): string | null {
  return isValidCnpj(value) ? normalizeIdentifier(value) : null;
}

/** GET cep/{cep}: the path takes any text; a value that is not a CEP is a 422 on `cep`. */
export const cepParam = z.object({ cep: z.string() });

/** What a CEP names: the street (none for a town's single CEP), neighbourhood, city, UF and the city's IBGE code. */
export const cepLookupResponse = z.object({
  postalCode: z.string(),
  address: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  ibgeCode: z.string().nullable(),
});
export type CepLookup = z.infer<typeof cepLookupResponse>;

/** GET cnpj/{cnpj}: the path takes any text; a value that is not a valid CNPJ is a 422 on `cnpj`. */
export const cnpjParam = z.object({ cnpj: z.string() });

/** The establishment's address as the Receita Federal has it, in the shape an address is saved in. */
export const cnpjLookupAddress = addressResponse.omit({ id: true });
export type CnpjLookupAddress = z.infer<typeof cnpjLookupAddress>;

/** Razão social, nome fantasia, e-mail and phone (DDD + number, only when valid) and the address. */
export const cnpjLookupResponse = z.object({
  cnpj: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: cnpjLookupAddress.nullable(),
});
export type CnpjLookup = z.infer<typeof cnpjLookupResponse>;
