import { z } from 'zod';
import { partyResponse } from './party.ts';
export {
  createPartyBody as createCustomerBody,
  updatePartyBody as updateCustomerBody,
  partyListResponse as customerListResponse,
  partyResponse as customerResponse,
  type CreatePartyBody as CreateCustomerBody,
  type UpdatePartyBody as UpdateCustomerBody,
  type Party as Customer,
} from './party.ts';

export const customerMessages = {
  created: 'Cliente cadastrado com sucesso',
  updated: 'Cliente alterado com sucesso',
  removed: 'Cliente removido com sucesso',
  removeFailed: 'Houve um problema ao tentar remover o cliente. Tente novamente.',
  hasInvoices: 'Este cliente tem ordens de serviço e não pode ser removido',
} as const;

/** GET/PUT customers/{id}: the customer, and when its personal data was anonymized (LGPD), if ever. */
export const customerDetail = partyResponse.extend({ anonymizedAt: z.string().nullable() });
export type CustomerDetail = z.infer<typeof customerDetail>;

/**
 * What an anonymized customer's row holds instead of its personal data. The identifier stays unique
 * per organization (its id) and can never be a valid CPF or CNPJ (letters, 17 characters), so it
 * neither clashes with a real person registered later nor is shown formatted as one.
 */
export const anonymizedCustomer = {
  name: (id: number) => `Cliente anonimizado #${id}`,
  identifier: (id: number) => `ANONIMO${String(id).padStart(10, '0')}`,
} as const;

/** LGPD (art. 18): a customer's data exported, or anonymized, at their request. */
export const customerPrivacyMessages = {
  alreadyAnonymized: 'Este cliente já foi anonimizado',
  anonymizedLocked: 'Um cliente anonimizado não pode ser alterado',
  noNewRecords: 'Este cliente foi anonimizado (LGPD) e não recebe novas ordens de serviço nem orçamentos',
  anonymized: 'Cliente anonimizado',
  exportFailed: 'Não foi possível exportar os dados do cliente. Tente novamente.',
  anonymizeFailed: 'Não foi possível anonimizar o cliente. Tente novamente.',
  /** What anonymizing keeps, said in the confirmation, on the anonymized customer's screen and in the export. */
  keptByLaw:
    'As ordens de serviço, os orçamentos com seus valores e os documentos fiscais (como o XML da NFS-e) são mantidos, como a lei exige.',
  anonymizeQuestion:
    'O nome, o CPF/CNPJ, o e-mail, o telefone, os endereços, as fotos e as assinaturas deste cliente serão apagados, e o nome sai também do histórico das ordens de serviço e dos orçamentos.',
  /** The `aviso` of the exported data.json. */
  exportNotice:
    'Estes são os dados pessoais que guardamos sobre você, exportados a seu pedido (Lei Geral de Proteção de Dados, art. 18). As fotos e as assinaturas estão nas pastas deste arquivo, indicadas em cada registro. Se você pedir a anonimização, seus dados pessoais são apagados, mas as ordens de serviço, os orçamentos com seus valores e os documentos fiscais (como o XML da NFS-e) são guardados pelo prazo que a lei exige.',
} as const;
