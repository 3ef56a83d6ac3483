// The users' rules and texts that screens without zod use too (the order screen's quick register of a
// collaborator): plain values, so importing them does not bring the validation library.

export const MIN_PASSWORD_LENGTH = 8;
export const userMessages = {
  passwordTooShort: 'Este valor é muito curto. Deve ter 8 caracteres ou mais.',
  passwordMismatch: 'As senhas não conferem',
  /** An e-mail in use, in this organization or another: said alike, without telling where. */
  emailUnavailable: 'Não é possível usar este e-mail. Informe outro.',
  roleRequired: 'Selecione o perfil',
  lastAdmin: 'A organização precisa de pelo menos um administrador ativo',
  paymentSaved: 'O Valor foi salvo com sucesso',
} as const;
