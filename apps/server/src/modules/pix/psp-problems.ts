// What a PSP's refusal means to the person who reads it. The API Pix answers errors as RFC 7807
// problems: `type` ends with the error's name (https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida),
// `title` and `detail` are the PSP's words (often Portuguese, sometimes English) and `violacoes` names
// each field it refused and why.

export interface PixProblem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  violacoes?: Array<{ razao?: string; propriedade?: string; valor?: string }>;
}

/** The error names of the specification, as the person using the product reads them. */
const TITLES: Record<string, string> = {
  RequisicaoInvalida: 'O PSP recusou a requisição',
  AcessoNegado: 'O PSP negou o acesso (confira os escopos das credenciais e o contrato com o PSP)',
  NaoEncontrado: 'O PSP não encontrou o que foi pedido',
  PermanentementeRemovido: 'O PSP removeu o registro de forma permanente',
  ErroInternoDoServidor: 'Falha interna no PSP',
  ServicoIndisponivel: 'O PSP está indisponível no momento',
  IndisponibilidadePorTempoEsgotado: 'O PSP demorou demais para responder',
  CobNaoEncontrado: 'Cobrança não encontrada no PSP',
  CobOperacaoInvalida: 'O PSP recusou a cobrança',
  CobConsultaInvalida: 'O PSP recusou a consulta de cobranças',
  CobVNaoEncontrada: 'Cobrança com vencimento não encontrada no PSP',
  CobVOperacaoInvalida: 'O PSP recusou a cobrança com vencimento',
  CobVConsultaInvalida: 'O PSP recusou a consulta de cobranças com vencimento',
  PixNaoEncontrado: 'Pix não encontrado no PSP',
  PixConsultaInvalida: 'O PSP recusou a consulta de Pix recebidos',
  DevolucaoNaoEncontrada: 'Devolução não encontrada no PSP',
  PixDevolucaoInvalida: 'O PSP recusou a devolução',
  WebhookNaoEncontrado: 'Webhook não encontrado no PSP',
  WebhookOperacaoInvalida: 'O PSP recusou o webhook',
  RecNaoEncontrada: 'Recorrência não encontrada no PSP',
  RecOperacaoInvalida: 'O PSP recusou a recorrência',
  SolicRecNaoEncontrada: 'Solicitação de recorrência não encontrada no PSP',
  SolicRecOperacaoInvalida: 'O PSP recusou a solicitação de recorrência',
  CobRNaoEncontrado: 'Cobrança recorrente não encontrada no PSP',
  CobROperacaoInvalida: 'O PSP recusou a cobrança recorrente',
};

const byStatus = (status: number) =>
  status === 400
    ? TITLES.RequisicaoInvalida!
    : status === 403
      ? TITLES.AcessoNegado!
      : status === 404
        ? TITLES.NaoEncontrado!
        : status >= 500
          ? TITLES.ErroInternoDoServidor!
          : `O PSP respondeu ${status}`;

/** One sentence: the error's meaning, the PSP's detail, then each refused field with its reason. */
export function problemMessage(status: number, problem: PixProblem | undefined): string {
  const name = problem?.type?.split('/').pop() ?? '';
  const head = TITLES[name] ?? byStatus(status);
  const detail = clip(problem?.detail ?? (TITLES[name] ? '' : (problem?.title ?? '')), 300);
  const fields = (problem?.violacoes ?? [])
    .slice(0, 5)
    .map((v) => [v.propriedade, v.razao].filter(Boolean).join(': '))
    .filter(Boolean)
    .map((v) => clip(v, 200));
  return [head + (detail ? `: ${detail}` : ''), ...fields].join('. ').replace(/\.\./g, '.');
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text).trim();

/** Why the PSP could not be asked at all, in pt-BR. */
export const transportMessages = {
  timeout: (seconds: number) => `O PSP não respondeu em ${seconds} s`,
  refused: (host: string) => `Não foi possível conectar ao PSP em ${host}`,
  unknownHost: (host: string) => `Endereço do PSP não encontrado: ${host}`,
  tls: (reason: string) => `Falha na conexão segura (mTLS) com o PSP: ${reason}. Confira o certificado enviado`,
  notJson: (status: number) => `O PSP respondeu ${status} sem um JSON`,
  tokenRefused: 'O PSP recusou as credenciais (Client ID e Client Secret): confira-as no portal do PSP',
  tokenMissing: 'O PSP não devolveu um token de acesso',
  unavailable: (status: number) => `O PSP está indisponível no momento (HTTP ${status})`,
  certificate: 'O certificado do PSP guardado não pôde ser aberto: envie-o novamente',
} as const;
