import type { StandInCep, StandInCnpj } from './lookup-stand-in.ts';

// Real places the CEP and CNPJ tests look up, as the outside services give them and as the API answers
// them: the stand-ins of the API tests and the E2E run serve these, and the web's tests fake the
// API's answers with them.

/** Avenida Paulista's CEP, as the CEP services give it. */
export const PAULISTA_CEP: StandInCep = {
  cep: '01310100',
  street: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  uf: 'SP',
  ibge: '3550308',
};

/** The same CEP as GET /api/cep/{cep} answers it. */
export const PAULISTA_ADDRESS = {
  postalCode: '01310100',
  address: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  ibgeCode: '3550308',
};

/** Open Knowledge Brasil's CNPJ as BrasilAPI gives it (the fields the lookup reads). */
export const OKBR_CNPJ: StandInCnpj = {
  cnpj: '19131243000197',
  razao_social: 'OPEN KNOWLEDGE BRASIL',
  nome_fantasia: 'REDE PELO CONHECIMENTO LIVRE',
  email: 'contato@okbr.org.br',
  ddd_telefone_1: '1123851939',
  descricao_tipo_de_logradouro: 'AVENIDA',
  logradouro: 'PAULISTA 37',
  numero: '37',
  complemento: 'ANDAR 4',
  bairro: 'BELA VISTA',
  municipio: 'SAO PAULO',
  uf: 'SP',
  cep: '01311902',
  codigo_municipio_ibge: 3550308,
};

/** Its address as GET /api/cnpj/{cnpj} answers it: the city as IBGE's list names it, found by the code. */
export const OKBR_ADDRESS = {
  address: 'AVENIDA PAULISTA',
  number: 37,
  complement: 'ANDAR 4',
  neighborhood: 'BELA VISTA',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01311902',
  ibgeCode: '3550308',
};
