/** pt-BR error and notice texts: the product's fixed wording; change only with the screens and tests. */
export const messages = {
  loginUnauthorized: 'E-mail ou senha incorretos',
  loginOther: 'Tente novamente mais tarde ou entre em contato',
  loginTooMany: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  loginAccountHeld:
    'Muitas tentativas erradas nesta conta. Aguarde um minuto e tente de novo, ou entre pelo link de desbloqueio enviado ao e-mail da conta.',
  loginUnlockAccepted: 'Link de desbloqueio: entre com sua senha, sem esperar.',
  tooManyRequests: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
  pdfBusy: 'Muitos PDFs sendo gerados agora. Aguarde alguns segundos e tente novamente.',
  serverError:
    'Houve um problema ao realizar a sua requisição e já estamos resolvendo. Por favor, tente novamente mais tarde.',
  noConnection: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente',
  confirmIrreversible: 'Essa ação não poderá ser desfeita',
  notFound: 'Página não encontrada',
  unauthenticated: 'Sessão expirada ou inválida. Faça login novamente.',
  forbidden: 'Você não tem permissão para acessar este recurso.',
  featureDisabled: 'Este recurso não está disponível para a sua organização.',
  resourceNotFound: 'Registro não encontrado.',
  required: 'Este campo é obrigatório',
  invalidFormat: 'Formato inválido',
  invalidEmail: 'E-mail inválido',
  invalidCharacters: 'Contém caracteres inválidos',
  invalidDate: 'Data inválida',
  yearOutOfRange: 'Informe uma data entre os anos 2000 e 2100',
  requestFailed: 'Houve um problema ao processar a sua solicitação',
  badUrl: 'Endereço (URL) inválido: ele tem caracteres codificados que não puderam ser lidos.',
  urlTooLong: 'Endereço (URL) longo demais.',
} as const;
