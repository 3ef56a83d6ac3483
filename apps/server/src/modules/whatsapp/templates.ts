import type { WhatsAppEvent } from '@ordem-certa/contracts';

// The product's WhatsApp templates: what each says (pt-BR, category UTILITY, numbered parameters, a
// footer and quick-reply buttons) and how its parameters come from the event's data. Meta approves each
// template by name per WhatsApp Business account; the name carries a version, so a changed text is a
// new template to approve rather than an edit of an approved one. A template is one entry here: its
// text, its example and `params`; what loads its data is in template-data.ts under the same key.

export const TEMPLATE_LANGUAGE = 'pt_BR';
/** What every automatic message ends with: how to stop them (the webhook honours these words). */
export const OPT_OUT_FOOTER = 'Para não receber mais avisos, responda SAIR.';

/** Whom a message greets and on whose behalf. */
export interface Greeting {
  customer: string;
  company: string;
}
export interface EstimateSentData extends Greeting {
  number: number;
  total: string;
  link: string;
  validUntil: string;
}
export interface VisitData extends Greeting {
  number: number;
  date: string;
  time: string;
  technician: string;
}
export interface OnTheWayData extends Greeting {
  number: number;
  technician: string;
  /** 'HH:mm' in the organization's zone. */
  eta: string;
}
export interface OrderCompletedData extends Greeting {
  number: number;
  total: string;
  link: string;
  /** The balance still due and its Pix code, when there is one. */
  pix: { amount: string; code: string } | null;
}
export interface OrderAutoDebitData extends Omit<OrderCompletedData, 'pix'> {
  /** What the customer's bank debits by itself (Pix Automático) and on which day. */
  debit: { amount: string; dueOn: string };
}
export interface RatingRequestData extends Greeting {
  number: number;
  link: string;
}
export interface PaymentData extends Greeting {
  number: number;
  amount: string;
  paidOn: string;
}
export interface InstalmentData extends Greeting {
  number: number;
  instalment: string;
  amount: string;
  dueOn: string;
}
export interface PortalAccessData extends Greeting {
  /** The access link: in the outbox a placeholder, the URL put in as it is sent (sender.ts). */
  link: string;
  minutes: string;
}
export interface ServiceRequestData extends Greeting {
  number: number;
  /** The request's new status in words, with the number of the order or estimate made. */
  status: string;
  link: string;
}
export interface InstalmentPixData extends InstalmentData {
  /** The instalment's Pix code: its charge at the PSP, else the company's static code for its amount. */
  pix: { code: string };
}

export interface ProductTemplate<D = never> {
  /** Names the template in the code and its row on the settings screen. */
  key: string;
  /** The switch that turns it off; null: sent whatever the switches (the opt-out confirmation). */
  event: WhatsAppEvent | null;
  /** Meta's name: lower-case letters, digits and underscores. */
  name: string;
  label: string;
  body: string;
  footer: string;
  quickReplies: string[];
  example: string[];
  params: (data: D) => string[];
}

/** What a visit's messages show, and a sample of it. */
const visitExample = ['Maria', 'Refrigeração Exemplo', '321', 'quinta-feira, 03/12/2026', '14:30', 'João'];
const visitParams = (d: VisitData) => [d.customer, d.company, String(d.number), d.date, d.time, d.technician];

const template = <D>(t: Omit<ProductTemplate<D>, 'footer' | 'quickReplies'> & { quickReplies?: string[] }) =>
  ({ footer: OPT_OUT_FOOTER, quickReplies: [], ...t }) as ProductTemplate<D>;

export const templates = {
  estimateSent: template<EstimateSentData>({
    key: 'estimateSent',
    event: 'estimateSent',
    name: 'oc_orcamento_enviado_v1',
    label: 'Orçamento enviado',
    body: 'Olá, {{1}}! Aqui é da {{2}}. O orçamento nº {{3}}, no valor de {{4}}, está pronto: veja os detalhes e responda pelo link {{5}} (válido até {{6}}). Qualquer dúvida, é só responder esta mensagem.',
    example: [
      'Maria',
      'Refrigeração Exemplo',
      '123',
      'R$ 450,00',
      'https://app.exemplo.com.br/estimates/1/review?token=x',
      '31/12/2026',
    ],
    params: (d) => [d.customer, d.company, String(d.number), d.total, d.link, d.validUntil],
  }),
  visitScheduled: template<VisitData>({
    key: 'visitScheduled',
    event: 'visitScheduled',
    name: 'oc_visita_agendada_v1',
    label: 'Visita agendada',
    body: 'Olá, {{1}}! Sua visita da {{2}} (ordem nº {{3}}) está agendada para {{4}}, às {{5}}. Quem vai atender: {{6}}. Pode confirmar por aqui, ou tocar em Remarcar se o horário não servir.',
    quickReplies: ['Confirmar', 'Remarcar'],
    example: visitExample,
    params: visitParams,
  }),
  visitReminder: template<VisitData>({
    key: 'visitReminder',
    event: 'visitReminder',
    name: 'oc_lembrete_visita_v1',
    label: 'Lembrete da visita (véspera)',
    body: 'Olá, {{1}}! Lembrete da {{2}}: a visita da ordem nº {{3}} é amanhã, {{4}}, às {{5}}. Quem vai atender: {{6}}. Você confirma?',
    quickReplies: ['Confirmar', 'Remarcar'],
    example: visitExample,
    params: visitParams,
  }),
  technicianOnTheWay: template<OnTheWayData>({
    key: 'technicianOnTheWay',
    event: 'technicianOnTheWay',
    name: 'oc_tecnico_a_caminho_v1',
    label: 'Técnico a caminho',
    body: 'Olá, {{1}}! Aqui é da {{2}}: técnico a caminho, chega por volta de {{3}} (ordem nº {{4}}). Quem vai atender: {{5}}.',
    example: ['Maria', 'Refrigeração Exemplo', '14:35', '321', 'João'],
    params: (d) => [d.customer, d.company, d.eta, String(d.number), d.technician],
  }),
  orderCompleted: template<OrderCompletedData>({
    key: 'orderCompleted',
    event: 'orderCompleted',
    name: 'oc_ordem_concluida_v1',
    label: 'Ordem concluída',
    body: 'Olá, {{1}}! O serviço da ordem nº {{2}} da {{3}} foi concluído, no total de {{4}}. A ordem assinada, o PDF e a nota fiscal, quando emitida, ficam em {{5}} para você consultar. Obrigado pela confiança!',
    example: [
      'Maria',
      '321',
      'Refrigeração Exemplo',
      'R$ 450,00',
      'https://app.exemplo.com.br/invoices/1/sign?token=x',
    ],
    params: (d) => [d.customer, String(d.number), d.company, d.total, d.link],
  }),
  orderCompletedPix: template<OrderCompletedData>({
    key: 'orderCompletedPix',
    event: 'orderCompleted',
    name: 'oc_ordem_concluida_pix_v1',
    label: 'Ordem concluída, com o Pix do saldo',
    body: 'Olá, {{1}}! O serviço da ordem nº {{2}} da {{3}} foi concluído, no total de {{4}}. A ordem assinada, o PDF e a nota fiscal, quando emitida, ficam em {{5}} para você consultar. Para pagar o saldo de {{6}} por Pix, use o código copia e cola a seguir: {{7}} Obrigado pela confiança!',
    example: [
      'Maria',
      '321',
      'Refrigeração Exemplo',
      'R$ 450,00',
      'https://app.exemplo.com.br/invoices/1/sign?token=x',
      'R$ 200,00',
      '00020126360014br.gov.bcb.pix0114123456780001955204000053039865406200.005802BR5920REFRIGERACAO EXEMPLO6009SAO PAULO62090505OS3216304ABCD',
    ],
    params: (d) => [d.customer, String(d.number), d.company, d.total, d.link, d.pix!.amount, d.pix!.code],
  }),
  orderCompletedAutoDebit: template<OrderAutoDebitData>({
    key: 'orderCompletedAutoDebit',
    event: 'orderCompleted',
    name: 'oc_ordem_concluida_debito_automatico_v1',
    label: 'Ordem concluída, debitada por Pix Automático',
    body: 'Olá, {{1}}! O serviço da ordem nº {{2}} da {{3}} foi concluído, no total de {{4}}. A ordem assinada, o PDF e a nota fiscal, quando emitida, ficam em {{5}} para você consultar. O valor de {{6}} será debitado automaticamente por Pix Automático em {{7}}, como você autorizou no seu banco: não é preciso pagar. Obrigado pela confiança!',
    example: [
      'Maria',
      '321',
      'Refrigeração Exemplo',
      'R$ 450,00',
      'https://app.exemplo.com.br/invoices/1/sign?token=x',
      'R$ 450,00',
      '10/12/2026',
    ],
    params: (d) => [d.customer, String(d.number), d.company, d.total, d.link, d.debit.amount, d.debit.dueOn],
  }),
  ratingRequest: template<RatingRequestData>({
    key: 'ratingRequest',
    event: 'ratingRequest',
    name: 'oc_avaliacao_atendimento_v1',
    label: 'Avaliação do atendimento',
    body: 'Olá, {{1}}! Aqui é da {{2}}. Como foi o atendimento da ordem nº {{3}}? De 0 a 10, quanto você nos recomendaria a um amigo ou colega? Responda pelo link {{4}} em menos de um minuto. Obrigado!',
    example: ['Maria', 'Refrigeração Exemplo', '321', 'https://app.exemplo.com.br/invoices/1/rate?token=x'],
    params: (d) => [d.customer, d.company, String(d.number), d.link],
  }),
  paymentReceived: template<PaymentData>({
    key: 'paymentReceived',
    event: 'paymentReceived',
    name: 'oc_pagamento_recebido_v1',
    label: 'Pagamento recebido',
    body: 'Olá, {{1}}! Aqui é da {{2}}: recebemos o seu pagamento de {{3}}, em {{4}}, referente à ordem nº {{5}}. Obrigado!',
    example: ['Maria', 'Refrigeração Exemplo', 'R$ 450,00', '03/12/2026', '321'],
    params: (d) => [d.customer, d.company, d.amount, d.paidOn, String(d.number)],
  }),
  instalmentDue: template<InstalmentData>({
    key: 'instalmentDue',
    event: 'instalmentDue',
    name: 'oc_parcela_a_vencer_v1',
    label: 'Parcela a vencer (3 dias antes)',
    body: 'Olá, {{1}}! Lembrete da {{2}}: a parcela {{3}} da ordem nº {{4}}, no valor de {{5}}, vence em {{6}}. Se já pagou, desconsidere esta mensagem.',
    example: ['Maria', 'Refrigeração Exemplo', '2 de 3', '321', 'R$ 150,00', '06/12/2026'],
    params: (d) => [d.customer, d.company, d.instalment, String(d.number), d.amount, d.dueOn],
  }),
  instalmentOverdue: template<InstalmentData>({
    key: 'instalmentOverdue',
    event: 'instalmentOverdue',
    name: 'oc_parcela_vencida_v1',
    label: 'Parcela vencida',
    body: 'Olá, {{1}}! Aqui é da {{2}}: a parcela {{3}} da ordem nº {{4}}, no valor de {{5}}, venceu em {{6}} e ainda consta em aberto. Se já pagou, desconsidere esta mensagem; se precisar, responda por aqui.',
    example: ['Maria', 'Refrigeração Exemplo', '2 de 3', '321', 'R$ 150,00', '01/12/2026'],
    params: (d) => [d.customer, d.company, d.instalment, String(d.number), d.amount, d.dueOn],
  }),
  instalmentDuePix: template<InstalmentPixData>({
    key: 'instalmentDuePix',
    event: 'instalmentDue',
    name: 'oc_parcela_a_vencer_pix_v1',
    label: 'Parcela a vencer, com o Pix da parcela (3 dias antes)',
    body: 'Olá, {{1}}! Lembrete da {{2}}: a parcela {{3}} da ordem nº {{4}}, no valor de {{5}}, vence em {{6}}. Para pagar por Pix, use o código copia e cola a seguir: {{7}} Se já pagou, desconsidere esta mensagem.',
    example: [
      'Maria',
      'Refrigeração Exemplo',
      '2 de 3',
      '321',
      'R$ 150,00',
      '06/12/2026',
      '00020126360014br.gov.bcb.pix0114123456780001955204000053039865406150.005802BR5920REFRIGERACAO EXEMPLO6009SAO PAULO62110507OS321P26304ABCD',
    ],
    params: (d) => [d.customer, d.company, d.instalment, String(d.number), d.amount, d.dueOn, d.pix.code],
  }),
  instalmentOverduePix: template<InstalmentPixData>({
    key: 'instalmentOverduePix',
    event: 'instalmentOverdue',
    name: 'oc_parcela_vencida_pix_v1',
    label: 'Parcela vencida, com o Pix da parcela',
    body: 'Olá, {{1}}! Aqui é da {{2}}: a parcela {{3}} da ordem nº {{4}}, no valor de {{5}}, venceu em {{6}} e ainda consta em aberto. Para pagar por Pix, use o código copia e cola a seguir: {{7}} Se já pagou, desconsidere esta mensagem; se precisar, responda por aqui.',
    example: [
      'Maria',
      'Refrigeração Exemplo',
      '2 de 3',
      '321',
      'R$ 150,00',
      '01/12/2026',
      '00020126360014br.gov.bcb.pix0114123456780001955204000053039865406150.005802BR5920REFRIGERACAO EXEMPLO6009SAO PAULO62110507OS321P26304ABCD',
    ],
    params: (d) => [d.customer, d.company, d.instalment, String(d.number), d.amount, d.dueOn, d.pix.code],
  }),
  portalAccess: template<PortalAccessData>({
    key: 'portalAccess',
    // Asked for (by the customer or for them by the office): no notice switch, but the organization's
    // switch, the consent and a mobile as for every template.
    event: null,
    name: 'oc_acesso_portal_v1',
    label: 'Acesso à área do cliente',
    body: 'Olá, {{1}}! Aqui é da {{2}}. Para ver suas ordens, orçamentos, equipamentos, documentos e pagamentos, use o link {{3}} (vale por {{4}} minutos e uma só vez). Se não foi você quem pediu, ignore esta mensagem.',
    example: ['Maria', 'Refrigeração Exemplo', 'https://app.exemplo.com.br/portal/acesso?token=x', '30'],
    params: (d) => [d.customer, d.company, d.link, d.minutes],
  }),
  serviceRequestUpdated: template<ServiceRequestData>({
    key: 'serviceRequestUpdated',
    event: 'serviceRequestUpdated',
    name: 'oc_pedido_atualizado_v1',
    label: 'Pedido de atendimento atualizado',
    body: 'Olá, {{1}}! Aqui é da {{2}}: o seu pedido de atendimento nº {{3}} agora está assim: {{4}}. Para acompanhar, acesse a área do cliente em {{5}} com o seu e-mail ou celular.',
    example: [
      'Maria',
      'Refrigeração Exemplo',
      '12',
      'Ordem de serviço criada (nº 321)',
      'https://app.exemplo.com.br/portal/atendimento?org=1',
    ],
    params: (d) => [d.customer, d.company, String(d.number), d.status, d.link],
  }),
  optOutConfirmed: {
    ...template<Greeting>({
      key: 'optOutConfirmed',
      event: null,
      name: 'oc_descadastro_confirmado_v1',
      label: 'Confirmação de descadastro',
      body: 'Olá, {{1}}! Conforme pedido, você não receberá mais avisos automáticos da {{2}} por WhatsApp. Para voltar a recebê-los, é só nos avisar.',
      example: ['Maria', 'Refrigeração Exemplo'],
      params: (d) => [d.customer, d.company],
    }),
    footer: '',
  },
} satisfies Record<string, ProductTemplate<never>>;

export type TemplateKey = keyof typeof templates;
export const templateList: ProductTemplate<never>[] = Object.values(templates);
export const templateByName = (name: string) => templateList.find((t) => t.name === name);

/**
 * A parameter as Meta accepts it: no line breaks or tabs, no run of more than three spaces, never
 * empty, at most `max` characters (a customer's name typed with a newline still goes).
 */
export function cleanParameter(value: string, max = 300): string {
  const clean = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (!clean) return '-';
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** The parameters of `key` for `data`, each cleaned. */
export function templateParameters<K extends TemplateKey>(
  key: K,
  data: Parameters<(typeof templates)[K]['params']>[0],
): string[] {
  const t = templates[key] as unknown as ProductTemplate<typeof data>;
  return t.params(data).map((p) => cleanParameter(p, p.startsWith('000201') ? 512 : 300));
}

/** The text the customer reads: the body with its parameters in place, then the footer. */
export function renderTemplate(t: Pick<ProductTemplate, 'body' | 'footer'>, params: string[]): string {
  const body = t.body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
  return t.footer ? `${body}\n\n${t.footer}` : body;
}

/** How a customer is greeted: a person by their first name, a firm by its trade name. */
export function greetingName(c: { type: number; name: string; alias: string | null }): string {
  const isPerson = c.type === 2;
  if (isPerson) return c.name.trim().split(/\s+/)[0] ?? c.name;
  return c.alias?.trim() || c.name;
}

/** A technician's first name, or who comes when nobody is assigned yet. */
export const technicianName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] || 'nossa equipe';
