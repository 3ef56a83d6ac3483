import { randomBytes, randomUUID } from 'node:crypto';
import { pixDynamicBrCode } from '@ordem-certa/contracts';
import { cobvAmountOn, paymentDay } from './cobv-amount.ts';

// What the stand-in PSP keeps and how each operation of the API Pix changes it. Handlers are keyed by
// the specification's operation (`PUT /cob/{txid}`); a new operation (Pix Automático's /rec, /solicrec,
// /cobr) is one more entry in `handlers`. Requests reach them already checked against the specification.

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  violacoes?: Array<{ razao: string; propriedade: string; valor?: string }>;
}
export type Answer = { status: number; body?: unknown };
type Json = Record<string, unknown>;

export const problem = (
  status: number,
  name: string,
  title: string,
  detail?: string,
  violacoes?: Problem['violacoes'],
) => ({
  status,
  body: { type: `https://pix.bcb.gov.br/api/v2/error/${name}`, title, status, detail, violacoes } satisfies Problem,
});

export interface StoredCharge {
  kind: 'cob' | 'cobv';
  txid: string;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  criacao: string;
  locId: number;
  location: string;
  body: Json;
  pix: StoredPix[];
}
export interface StoredPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  chave: string;
  horario: string;
  infoPagador?: string;
  devolucoes: Array<{
    id: string;
    rtrId: string;
    valor: string;
    status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
    horario: { solicitacao: string; liquidacao?: string };
  }>;
}

export class PspState {
  readonly charges = new Map<string, StoredCharge>();
  readonly received: StoredPix[] = [];
  readonly webhooks = new Map<string, { webhookUrl: string; criacao: string }>();
  private nextLoc = 1;
  constructor(
    /** host:port the locations are served at (no scheme, as the specification writes them). */
    private readonly locationHost: string,
    readonly receiver = { nome: 'RECEBEDOR DE TESTES LTDA', cnpj: '11222333000181', cidade: 'SAO PAULO' },
  ) {}

  charge(kind: 'cob' | 'cobv', txid: string) {
    const c = this.charges.get(txid);
    return c && c.kind === kind ? c : undefined;
  }

  /** What GET /cob/{txid} and the others answer: the charge as the specification's CobCompleta/CobVCompleta. */
  view(c: StoredCharge) {
    const calendario: Json = { ...(c.body.calendario as Json), criacao: c.criacao };
    if (c.kind === 'cob') calendario.expiracao ??= 86400;
    else calendario.validadeAposVencimento ??= 30;
    return {
      ...c.body,
      calendario,
      txid: c.txid,
      revisao: c.revisao,
      status: c.status,
      loc: { id: c.locId, location: c.location, tipoCob: c.kind, criacao: c.criacao },
      location: c.location,
      pixCopiaECola: pixDynamicBrCode({
        location: c.location,
        merchantName: this.receiver.nome,
        merchantCity: this.receiver.cidade,
      }),
      ...(c.kind === 'cobv'
        ? {
            recebedor: {
              cnpj: this.receiver.cnpj,
              nome: this.receiver.nome,
              logradouro: 'Rua dos Testes, 1',
              cidade: this.receiver.cidade,
              uf: 'SP',
              cep: '01001000',
            },
          }
        : {}),
      ...(c.pix.length ? { pix: c.pix.map(pixView) } : {}),
    };
  }

  put(kind: 'cob' | 'cobv', txid: string, body: Json): Answer {
    const other = this.charges.get(txid);
    const name = kind === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida';
    const title = kind === 'cob' ? 'Cobrança inválida.' : 'Cobrança com vencimento inválida.';
    if (other && (other.kind !== kind || other.status !== 'ATIVA')) {
      return problem(
        400,
        name,
        title,
        'A cobrança já existe, não está ATIVA, e a presente requisição busca alterá-la.',
      );
    }
    const invalid = semanticViolations(kind, body, other ? paymentDay(new Date(other.criacao)) : undefined);
    if (invalid.length)
      return problem(
        400,
        name,
        title,
        'A requisição que busca alterar ou criar uma cobrança não respeita o schema ou está semanticamente errada.',
        invalid,
      );
    const now = new Date().toISOString();
    const charge: StoredCharge = other
      ? { ...other, body, revisao: other.revisao + 1 }
      : {
          kind,
          txid,
          revisao: 0,
          status: 'ATIVA',
          criacao: now,
          locId: this.nextLoc++,
          location: `${this.locationHost}/qr/v2/${kind === 'cobv' ? 'cobv/' : ''}${randomUUID().replace(/-/g, '')}`,
          body,
          pix: [],
        };
    this.charges.set(txid, charge);
    return { status: 201, body: this.view(charge) };
  }

  patch(kind: 'cob' | 'cobv', txid: string, body: Json): Answer {
    const c = this.charge(kind, txid);
    const name = kind === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida';
    if (!c)
      return problem(
        404,
        kind === 'cob' ? 'CobNaoEncontrado' : 'CobVNaoEncontrada',
        'Cobrança não encontrada.',
        `Nenhuma cobrança encontrada para o txid ${txid}.`,
      );
    if (c.status !== 'ATIVA')
      return problem(
        400,
        name,
        'Cobrança inválida.',
        'A cobrança não está ATIVA, e a presente requisição busca alterá-la.',
      );
    if (body.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
      if (Object.keys(body).length > 1) {
        return problem(
          400,
          name,
          'Cobrança inválida.',
          'A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.',
        );
      }
      c.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
      c.revisao++;
      return { status: 200, body: this.view(c) };
    }
    const merged = mergeDeep(c.body, body);
    const invalid = semanticViolations(kind, merged, paymentDay(new Date(c.criacao)));
    if (invalid.length) return problem(400, name, 'Cobrança inválida.', undefined, invalid);
    c.body = merged;
    c.revisao++;
    return { status: 200, body: this.view(c) };
  }

  /**
   * A payment of the charge (the 'simulate' of tests and the demo): the charge CONCLUIDA, the Pix kept. A
   * charge with a due date is paid what it asks on the day of `horario` (fine, interest, discount); past
   * its validity it cannot be paid.
   */
  pay(txid: string, o: { valor?: string; horario?: Date } = {}): StoredPix | null {
    const c = this.charges.get(txid);
    if (!c || c.status !== 'ATIVA') return null;
    const asked =
      c.kind === 'cobv'
        ? cobvAmountOn(c.body, paymentDay(o.horario ?? new Date()))
        : cents(String((c.body.valor as Json).original));
    if (asked === null) return null;
    const pix = this.receive({
      txid,
      valor: o.valor ?? pixValue(asked),
      chave: String(c.body.chave),
      horario: o.horario,
    });
    c.pix.push(pix);
    c.status = 'CONCLUIDA';
    return pix;
  }

  /** A Pix received (with the txid of a charge, of none, or of one this PSP never made). */
  receive(p: { txid?: string; valor: string; chave: string; horario?: Date; infoPagador?: string }): StoredPix {
    const pix: StoredPix = {
      endToEndId: endToEndId(p.horario ?? new Date()),
      ...(p.txid ? { txid: p.txid } : {}),
      valor: p.valor,
      chave: p.chave,
      horario: (p.horario ?? new Date()).toISOString(),
      ...(p.infoPagador ? { infoPagador: p.infoPagador } : {}),
      devolucoes: [],
    };
    this.received.push(pix);
    return pix;
  }

  refund(e2eid: string, id: string, body: Json): Answer {
    const pix = this.received.find((p) => p.endToEndId === e2eid);
    if (!pix) return problem(404, 'PixNaoEncontrado', 'Pix não encontrado.', `Nenhum Pix com o e2eid ${e2eid}.`);
    const existing = pix.devolucoes.find((d) => d.id === id);
    if (existing) return { status: 201, body: existing };
    const taken = pix.devolucoes.filter((d) => d.status !== 'NAO_REALIZADO').reduce((s, d) => s + cents(d.valor), 0);
    const asked = cents(String(body.valor));
    if (asked <= 0 || taken + asked > cents(pix.valor)) {
      return problem(
        400,
        'PixDevolucaoInvalida',
        'Devolução inválida.',
        'O valor da devolução é maior que o valor do Pix ainda não devolvido.',
        [{ razao: 'Valor acima do disponível para devolução', propriedade: 'valor', valor: String(body.valor) }],
      );
    }
    const devolucao = {
      id,
      rtrId: `D${randomBytes(16).toString('hex').slice(0, 31)}`,
      valor: String(body.valor),
      status: 'EM_PROCESSAMENTO' as const,
      horario: { solicitacao: new Date().toISOString() },
    };
    pix.devolucoes.push(devolucao);
    return { status: 201, body: devolucao };
  }

  /** Refunds in processing become DEVOLVIDO (the settlement); returns the Pix whose refunds changed. */
  settleRefunds(): StoredPix[] {
    const changed: StoredPix[] = [];
    for (const pix of this.received) {
      let moved = false;
      for (const d of pix.devolucoes) {
        if (d.status !== 'EM_PROCESSAMENTO') continue;
        d.status = 'DEVOLVIDO';
        d.horario.liquidacao = new Date().toISOString();
        moved = true;
      }
      if (moved) changed.push(pix);
    }
    return changed;
  }

  listPix(inicio: Date, fim: Date, page: number, perPage: number) {
    const found = this.received.filter((p) => new Date(p.horario) >= inicio && new Date(p.horario) <= fim);
    const pages = Math.max(1, Math.ceil(found.length / perPage));
    return {
      parametros: {
        inicio: inicio.toISOString(),
        fim: fim.toISOString(),
        paginacao: {
          paginaAtual: page,
          itensPorPagina: perPage,
          quantidadeDePaginas: pages,
          quantidadeTotalDeItens: found.length,
        },
      },
      pix: found.slice(page * perPage, (page + 1) * perPage).map(pixView),
    };
  }
}

export function pixView(p: StoredPix) {
  const { devolucoes, ...rest } = p;
  return devolucoes.length ? { ...rest, devolucoes } : rest;
}

/** The semantic rules of the specification's error lists that a schema cannot say. */
function semanticViolations(kind: 'cob' | 'cobv', body: Json, createdOn = paymentDay(new Date())) {
  const out: Array<{ razao: string; propriedade: string }> = [];
  const valor = (body.valor ?? {}) as Json;
  if (valor.original !== undefined && cents(String(valor.original)) <= 0) {
    out.push({ razao: `O campo ${kind}.valor.original é zero`, propriedade: `${kind}.valor.original` });
  }
  const calendario = (body.calendario ?? {}) as Json;
  if (kind === 'cob' && typeof calendario.expiracao === 'number' && calendario.expiracao <= 0) {
    out.push({
      razao: 'O campo cob.calendario.expiracao é igual ou menor que zero',
      propriedade: 'cob.calendario.expiracao',
    });
  }
  if (kind === 'cobv' && typeof calendario.dataDeVencimento === 'string') {
    if (calendario.dataDeVencimento < createdOn) {
      out.push({
        razao: 'O campo cobv.calendario.dataDeVencimento é anterior à data de criação da cobrança',
        propriedade: 'cobv.calendario.dataDeVencimento',
      });
    }
    const desconto = (valor.desconto ?? null) as Json | null;
    for (const d of (desconto?.descontoDataFixa ?? []) as Json[]) {
      if (String(d.data) > calendario.dataDeVencimento) {
        out.push({
          razao: 'Data de desconto posterior ao vencimento',
          propriedade: 'cobv.valor.desconto.descontoDataFixa.data',
        });
      }
    }
  }
  return out;
}

const cents = (valor: string) => Math.round(Number(valor) * 100);
const pixValue = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;

function mergeDeep(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && base[k] && typeof base[k] === 'object'
        ? mergeDeep(base[k] as Json, v as Json)
        : v;
  }
  return out;
}

/** 'E' + the payer PSP's ISPB (8) + yyyyMMddHHmm + 11 random letters and digits: 32 characters. */
function endToEndId(at: Date) {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  const tail = randomBytes(16)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 11)
    .padEnd(11, '0');
  return `E18236120${stamp}${tail}`.slice(0, 32);
}
