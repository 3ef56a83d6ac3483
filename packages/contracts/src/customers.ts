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
