// The zod-free half of an order's paperwork (photos, tags, PDF, signing, e-mail): limits, texts and the
// signing page's path. Kept apart from the schemas (invoice-paperwork.ts) so the order screen loads no
// validation library.

/** Photos a service order may hold: enough for any job, bounded so its screen and its PDF stay fast. */
export const MAX_PHOTOS_PER_INVOICE = 60;
/** Photos one upload request may carry (multipart field `attachment`, repeated). */
export const MAX_PHOTOS_PER_UPLOAD = 10;
/** Thumbnails are made this many pixels high on the server: 2x the 80 px they are shown at. */
export const THUMBNAIL_HEIGHT = 160;
/** How long a PDF link works: short-lived, since it opens at once in a new tab. */
export const PDF_LINK_TTL_SECONDS = 600;
/** pt-BR texts of photos, tags, PDF and signing: fixed wording; change only with the screens and tests. */
export const paperworkMessages = {
  photoSaved: 'Foto salva com sucesso',
  photosSaved: (n: number) => (n === 1 ? paperworkMessages.photoSaved : `${n} fotos salvas com sucesso`),
  photoRemoved: 'Foto removida com sucesso',
  waitUpload: 'Aguarde o upload da foto',
  photoRemoveFailed: 'Houve um problema ao tentar remover a foto da Ordem de Serviço. Tente novamente.',
  tooManyPhotos: `Uma ordem de serviço pode ter no máximo ${MAX_PHOTOS_PER_INVOICE} fotos`,
  tooManyInUpload: `Envie no máximo ${MAX_PHOTOS_PER_UPLOAD} fotos de cada vez`,
  photoNotYours: 'Você só pode remover as fotos que enviou',
  tagAdded: 'A etiqueta foi adicionada com sucesso',
  tagRemoved: 'A etiqueta foi removida da Ordem de Serviço',
  tagRequired: 'Selecione a etiqueta',
  tagAlreadyOnInvoice: 'Esta etiqueta já está na ordem de serviço',
  tagNotFound: 'Etiqueta não encontrada',
  pdfUnavailable: 'O PDF não está disponível para ordens de serviço em rascunho ou canceladas',
  pdfLinkInvalid: 'Link do PDF inválido. Volte à ordem de serviço e gere o PDF novamente.',
  pdfLinkExpired: 'Este link do PDF expirou. Volte à ordem de serviço e gere o PDF novamente.',
  popupBlocked: 'Pop-up bloqueado! Por favor, habilite essa funcionalidade',
  linkCopied: 'Link copiado',
  linkRenewed: 'Novo link de assinatura gerado. O link anterior não funciona mais.',
  renewLinkConfirm: 'O link de assinatura atual deixará de funcionar.',
  signed: 'A Ordem de Serviço foi assinada',
  alreadySigned: 'Esta ordem de serviço já foi assinada',
  emptySignature: 'A Ordem de Serviço deve ser assinada antes de continuar',
  signerNameRequired: 'Informe o nome de quem assina',
  canceledCannotBeSigned: 'Ordens de serviço canceladas não podem ser assinadas',
  signLinkInvalid: 'Link de assinatura inválido ou revogado. Peça um novo link à empresa.',
  signatureOutdated: 'A ordem de serviço mudou depois de assinada: a assinatura está desatualizada.',
  emailSent: 'A Ordem de Serviço foi enviada',
  emailsTooFast: 'Muitos e-mails de ordem de serviço enviados em pouco tempo. Aguarde um minuto e tente novamente.',
} as const;
/** E-mails of service orders an organization may send per minute. */
export const INVOICE_EMAILS_PER_MINUTE = 30;
/** The public page's path for an order and its token; the web app and the server build it the same way. */
export const signPath = (invoiceId: number, token: string) =>
  `/invoices/${invoiceId}/sign?token=${encodeURIComponent(token)}`;
