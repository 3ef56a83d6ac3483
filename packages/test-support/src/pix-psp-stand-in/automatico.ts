import { randomBytes } from 'node:crypto';
import { paymentDay } from './cobv-amount.ts';
import { problem, type Answer, type PspState } from './state.ts';

// Pix Automático at the stand-in PSP: recurrences (/rec), the requests to the payer (/solicrec), the
// recurring charges (/cobr) and their attempts, and the two webhooks (/webhookrec, /webhookcobr). The
// requests reach these handlers already checked against the specification; what the schema cannot say
// (the rules of the specification's error lists, and the Pix Automático rules of the Banco Central's
// regulation: a cobr is sent from 10 to 2 days before its due date; PERMITE_3R_7D allows up to three new
// attempts within seven days after the due date) is checked here. `approve`/`reject` play the payer's
// answer and `settle` the payer's PSP on the attempt's date, each told to the webhook.

type Json = Record<string, unknown>;

/** The window of a cobr before its due date, in calendar days (Regulamento do Pix, Pix Automático). */
export const COBR_WINDOW = { earliestDaysBefore: 10, latestDaysBefore: 2 } as const;
/** PERMITE_3R_7D: at most three new attempts, within seven days after the due date. */
export const RETRIES = { max: 3, withinDays: 7 } as const;
/** Rejection codes of an attempt that reject the whole recurring charge (CobRTentativas.rejeicao). */
const REJECTS_CHARGE = new Set(['AC05', 'AM09', 'DENC', 'DS27', 'DTED', 'MIDI', 'MSUC', 'NITX', 'RC09']);

export interface StoredRec {
  idRec: string;
  status: 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
  body: Json;
  atualizacao: Array<{ status: string; data: string }>;
  solicitacoes: StoredSolicRec[];
  encerramento?: Json;
}
export interface StoredSolicRec {
  idSolicRec: string;
  idRec: string;
  status: 'CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'REJEITADA' | 'ACEITA' | 'EXPIRADA' | 'CANCELADA';
  body: Json;
  atualizacao: Array<{ status: string; data: string }>;
}
export interface Tentativa {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  endToEndId: string;
  status: 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
  atualizacao: Array<{ status: string; data: string }>;
  rejeicao?: { codigo: string; descricao: string };
}
export interface StoredCobR {
  txid: string;
  idRec: string;
  status: 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
  criacao: string;
  body: Json;
  tentativas: Tentativa[];
  atualizacao: Array<{ status: string; data: string }>;
  pix: Array<{ endToEndId: string; txid: string; valor: string; horario: string }>;
  encerramento?: Json;
}

const stamp = () => new Date().toISOString();
const alnum = (n: number) =>
  randomBytes(n * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n)
    .padEnd(n, '0');
const ISPB = '18236120';
const ymd = (day: string) => day.replace(/-/g, '');
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const e2e = (day: string) => `E${ISPB}${ymd(day)}1200${alnum(11)}`.slice(0, 32);
const invalid = (name: string, detail: string, razao: string, propriedade: string) =>
  problem(400, name, 'Requisição inválida.', detail, [{ razao, propriedade }]);

export class AutomaticoState {
  readonly recs = new Map<string, StoredRec>();
  readonly cobrs = new Map<string, StoredCobR>();
  webhookRec: { webhookUrl: string; criacao: string } | null = null;
  webhookCobr: { webhookUrl: string; criacao: string } | null = null;

  constructor(private readonly psp: PspState) {}

  recView(r: StoredRec) {
    return {
      idRec: r.idRec,
      ...r.body,
      recebedor: { cnpj: this.psp.receiver.cnpj, nome: this.psp.receiver.nome },
      status: r.status,
      atualizacao: r.atualizacao,
      ...(r.encerramento ? { encerramento: r.encerramento } : {}),
      ativacao: { tipoJornada: r.status === 'APROVADA' ? 'JORNADA_1' : 'AGUARDANDO_DEFINICAO' },
      solicitacao: r.solicitacoes.map((s) => this.solicView(s)),
    };
  }

  solicView(s: StoredSolicRec) {
    return { idSolicRec: s.idSolicRec, ...s.body, status: s.status, atualizacao: s.atualizacao };
  }

  cobrView(c: StoredCobR) {
    const rec = this.recs.get(c.idRec);
    return {
      idRec: c.idRec,
      txid: c.txid,
      ...c.body,
      calendario: { ...(c.body.calendario as Json), criacao: c.criacao.slice(0, 10) },
      status: c.status,
      politicaRetentativa: rec?.body.politicaRetentativa ?? 'NAO_PERMITE',
      atualizacao: c.atualizacao,
      ...(c.tentativas.length ? { tentativas: c.tentativas } : {}),
      ...(c.pix.length ? { pix: c.pix } : {}),
      ...(c.encerramento ? { encerramento: c.encerramento } : {}),
    };
  }

  createRec(body: Json): Answer {
    const today = paymentDay(new Date());
    const calendario = body.calendario as Json;
    if (String(calendario.dataInicial) < today)
      return invalid(
        'RecOperacaoInvalida',
        'A recorrência não respeita o schema ou está semanticamente errada.',
        'O campo rec.calendario.dataInicial é anterior à data de criação da recorrência.',
        'rec.calendario.dataInicial',
      );
    if (calendario.dataFinal && String(calendario.dataFinal) < String(calendario.dataInicial))
      return invalid(
        'RecOperacaoInvalida',
        'A recorrência não respeita o schema ou está semanticamente errada.',
        'O campo rec.calendario.dataFinal é anterior ao campo rec.calendario.dataInicial.',
        'rec.calendario.dataFinal',
      );
    const valor = (body.valor ?? {}) as Json;
    if (valor.valorRec && valor.valorMinimoRecebedor)
      return invalid(
        'RecOperacaoInvalida',
        'A recorrência não respeita o schema ou está semanticamente errada.',
        'Ambos os campos rec.valor.valorRec e rec.valor.valorMinimoRecebedor estão preenchidos.',
        'rec.valor',
      );
    const retries = body.politicaRetentativa === 'PERMITE_3R_7D' ? 'R' : 'N';
    const idRec = `R${retries}${ISPB}${ymd(today)}${alnum(11)}`;
    const rec: StoredRec = {
      idRec,
      status: 'CRIADA',
      body,
      atualizacao: [{ status: 'CRIADA', data: stamp() }],
      solicitacoes: [],
    };
    this.recs.set(idRec, rec);
    return { status: 201, body: this.recView(rec) };
  }

  /** GET /rec: the recurrences made between two instants, of one payer (CPF or CNPJ) when asked. */
  listRecs(q: Record<string, string>): Answer {
    const inicio = new Date(q.inicio!);
    const fim = new Date(q.fim!);
    if (fim < inicio) return problem(400, 'RecConsultaInvalida', 'Consulta inválida.', 'fim é anterior a inicio.');
    const found = [...this.recs.values()].filter((r) => {
      const made = new Date(r.atualizacao[0]!.data);
      const devedor = ((r.body.vinculo as Json).devedor ?? {}) as Json;
      return (
        made >= inicio &&
        made <= fim &&
        (!q.cpf || devedor.cpf === q.cpf) &&
        (!q.cnpj || devedor.cnpj === q.cnpj) &&
        (!q.status || r.status === q.status)
      );
    });
    return {
      status: 200,
      body: {
        parametros: {
          inicio: q.inicio,
          fim: q.fim,
          paginacao: {
            paginaAtual: 0,
            itensPorPagina: 100,
            quantidadeDePaginas: 1,
            quantidadeTotalDeItens: found.length,
          },
        },
        recs: found.slice(0, 100).map((r) => this.recView(r)),
      },
    };
  }

  getRec(idRec: string): Answer {
    const rec = this.recs.get(idRec);
    return rec
      ? { status: 200, body: this.recView(rec) }
      : problem(404, 'RecNaoEncontrada', 'Recorrência não encontrada.', `Nenhuma recorrência com o idRec ${idRec}.`);
  }

  /** PATCH /rec/{idRec}: the receiver cancels it (the only status a revision may set). */
  reviseRec(idRec: string, body: Json): Answer {
    const r = this.recs.get(idRec);
    if (!r) return this.getRec(idRec);
    if (body.status === 'CANCELADA') {
      if (r.status !== 'CRIADA' && r.status !== 'APROVADA')
        return invalid(
          'RecOperacaoInvalida',
          'A recorrência não pode ser revisada.',
          'A recorrência encontra-se expirada, cancelada ou rejeitada.',
          'rec.status',
        );
      r.status = 'CANCELADA';
      r.atualizacao.push({ status: 'CANCELADA', data: stamp() });
      r.encerramento = {
        cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelada pelo recebedor' },
      };
      for (const x of r.solicitacoes.filter((y) => ['CRIADA', 'ENVIADA', 'RECEBIDA'].includes(y.status))) {
        x.status = 'CANCELADA';
        x.atualizacao.push({ status: 'CANCELADA', data: stamp() });
      }
    }
    return { status: 200, body: this.recView(r) };
  }

  createSolicRec(body: Json): Answer {
    const rec = this.recs.get(String(body.idRec));
    if (!rec) return problem(404, 'RecNaoEncontrada', 'Recorrência não encontrada.');
    const expira = String((body.calendario as Json).dataExpiracaoSolicitacao);
    if (new Date(expira) < new Date())
      return invalid(
        'SolicRecOperacaoInvalida',
        'A solicitação não respeita o schema ou está semanticamente errada.',
        'O campo solicrec.calendario.dataExpiracaoSolicitacao é anterior à data de criação da solicitação da recorrência.',
        'solicrec.calendario.dataExpiracaoSolicitacao',
      );
    if (rec.solicitacoes.some((s) => ['CRIADA', 'ENVIADA', 'RECEBIDA'].includes(s.status)))
      return invalid(
        'SolicRecOperacaoInvalida',
        'A solicitação não respeita o schema ou está semanticamente errada.',
        'Existe uma solicitação ativa referente ao mesmo solicrec.idRec.',
        'solicrec.idRec',
      );
    const today = paymentDay(new Date());
    const s: StoredSolicRec = {
      idSolicRec: `SC${ISPB}${ymd(today)}${alnum(11)}`,
      idRec: rec.idRec,
      status: 'ENVIADA',
      body,
      atualizacao: [
        { status: 'CRIADA', data: stamp() },
        { status: 'ENVIADA', data: stamp() },
      ],
    };
    rec.solicitacoes.push(s);
    return { status: 201, body: this.solicView(s) };
  }

  /** The payer's answer in their bank app: the recurrence APROVADA or REJEITADA. Null when not waiting. */
  answer(idRec: string, approved: boolean): StoredRec | null {
    const rec = this.recs.get(idRec);
    if (!rec || rec.status !== 'CRIADA') return null;
    rec.status = approved ? 'APROVADA' : 'REJEITADA';
    rec.atualizacao.push({ status: rec.status, data: stamp() });
    if (!approved) rec.encerramento = { rejeicao: { codigo: 'AP13', descricao: 'Rejeitada pelo usuário pagador' } };
    for (const s of rec.solicitacoes.filter((x) => ['CRIADA', 'ENVIADA', 'RECEBIDA'].includes(x.status))) {
      s.status = approved ? 'ACEITA' : 'REJEITADA';
      s.atualizacao.push({ status: s.status, data: stamp() });
    }
    return rec;
  }

  putCobr(txid: string, body: Json): Answer {
    const name = 'CobROperacaoInvalida';
    const detail = 'A cobrança recorrente não respeita o schema ou está semanticamente errada.';
    if (this.cobrs.has(txid) || this.psp.charges.has(txid))
      return invalid(name, detail, 'O campo cobr.txid encontra-se em uso.', 'cobr.txid');
    const rec = this.recs.get(String(body.idRec));
    if (!rec) return problem(404, 'RecNaoEncontrada', 'Recorrência não encontrada.');
    if (rec.status !== 'APROVADA') return invalid(name, detail, 'A recorrência não está APROVADA.', 'cobr.idRec');
    const today = paymentDay(new Date());
    const due = String((body.calendario as Json).dataDeVencimento);
    if (due < today)
      return invalid(
        name,
        detail,
        'O campo cobr.calendario.dataDeVencimento é anterior à data de criação da cobrança.',
        'cobr.calendario.dataDeVencimento',
      );
    if (due < addDays(today, COBR_WINDOW.latestDaysBefore) || due > addDays(today, COBR_WINDOW.earliestDaysBefore))
      return invalid(
        name,
        detail,
        `A cobrança recorrente deve ser enviada de ${COBR_WINDOW.earliestDaysBefore} a ${COBR_WINDOW.latestDaysBefore} dias antes do vencimento.`,
        'cobr.calendario.dataDeVencimento',
      );
    const cycle = due.slice(0, 7);
    const sameCycle = [...this.cobrs.values()].some(
      (c) =>
        c.idRec === rec.idRec &&
        !['REJEITADA', 'CANCELADA'].includes(c.status) &&
        String((c.body.calendario as Json).dataDeVencimento).slice(0, 7) === cycle,
    );
    if (sameCycle)
      return invalid(
        name,
        detail,
        'Existe uma CobR com status diferente de REJEITADA e CANCELADA referente ao mesmo cobr.idRec com calendario.dataDeVencimento no mesmo ciclo.',
        'cobr.idRec',
      );
    const { idRec: _id, ...rest } = body;
    const c: StoredCobR = {
      txid,
      idRec: rec.idRec,
      status: 'ATIVA',
      criacao: stamp(),
      body: rest,
      tentativas: [this.attempt(due, 'AGND')],
      atualizacao: [
        { status: 'CRIADA', data: stamp() },
        { status: 'ATIVA', data: stamp() },
      ],
      pix: [],
    };
    this.cobrs.set(txid, c);
    return { status: 201, body: this.cobrView(c) };
  }

  getCobr(txid: string): Answer {
    const c = this.cobrs.get(txid);
    return c
      ? { status: 200, body: this.cobrView(c) }
      : problem(
          404,
          'CobRNaoEncontrado',
          'Cobrança não encontrada.',
          `Nenhuma cobrança recorrente com o txid ${txid}.`,
        );
  }

  cancelCobr(txid: string): Answer {
    const c = this.cobrs.get(txid);
    if (!c) return this.getCobr(txid);
    const first = c.tentativas[0]?.dataLiquidacao ?? '9999-12-31';
    if (paymentDay(new Date()) >= first || !['CRIADA', 'ATIVA'].includes(c.status))
      return invalid(
        'CobROperacaoInvalida',
        'A cobrança recorrente não pode ser cancelada.',
        'Não é possível cancelar uma cobrança em uma data igual ou maior que a data prevista da primeira tentativa de liquidação.',
        'cobr.status',
      );
    c.status = 'CANCELADA';
    c.atualizacao.push({ status: 'CANCELADA', data: stamp() });
    for (const t of c.tentativas.filter((x) => x.status === 'AGENDADA')) this.mark(t, 'CANCELADA');
    c.encerramento = {
      cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelada pelo recebedor' },
    };
    return { status: 200, body: this.cobrView(c) };
  }

  /** POST /cobr/{txid}/retentativa/{data}: a new attempt on a future date, as the policy allows. */
  retry(txid: string, data: string): Answer {
    const c = this.cobrs.get(txid);
    if (!c) return this.getCobr(txid);
    const name = 'CobROperacaoInvalida';
    const detail = 'A retentativa não pode ser solicitada.';
    const rec = this.recs.get(c.idRec);
    const due = String((c.body.calendario as Json).dataDeVencimento);
    if (rec?.body.politicaRetentativa !== 'PERMITE_3R_7D')
      return invalid(
        name,
        detail,
        'A política configurada na recorrência não permite retentativa de cobrança.',
        'data',
      );
    if (c.status !== 'ATIVA') return invalid(name, detail, 'A cobrança recorrente não está ATIVA.', 'txid');
    if (c.tentativas.some((t) => t.status === 'SOLICITADA' || t.status === 'AGENDADA'))
      return invalid(name, detail, 'Existe uma tentativa com status SOLICITADA ou AGENDADA.', 'data');
    if (data <= paymentDay(new Date()))
      return invalid(name, detail, 'O parâmetro data não corresponde a uma data futura.', 'data');
    const retries = c.tentativas.filter((t) => t.tipo === 'RIFL').length;
    if (retries >= RETRIES.max || data > addDays(due, RETRIES.withinDays))
      return invalid(
        name,
        detail,
        `A política PERMITE_3R_7D permite até ${RETRIES.max} novas tentativas em ${RETRIES.withinDays} dias após o vencimento.`,
        'data',
      );
    c.tentativas.push(this.attempt(data, 'RIFL'));
    return { status: 201, body: this.cobrView(c) };
  }

  /**
   * The payer's PSP settles the scheduled attempt: paid (the cobr CONCLUIDA, its Pix kept with the PSP's
   * other Pix) or refused with a rejection code (some reject the whole charge; with no new attempt
   * possible, a charge whose last attempt failed past its retry window expires). Null when none is scheduled.
   */
  settle(txid: string, o: { paid: boolean; codigo?: string }): StoredCobR | null {
    const c = this.cobrs.get(txid);
    const t = c?.tentativas.find((x) => x.status === 'AGENDADA');
    if (!c || !t || c.status !== 'ATIVA') return null;
    if (o.paid) {
      this.mark(t, 'PAGA');
      const valor = String((c.body.valor as Json).original);
      const pix = { endToEndId: t.endToEndId, txid, valor, horario: stamp() };
      c.pix.push(pix);
      this.psp.received.push({ ...pix, chave: '', devolucoes: [] });
      c.status = 'CONCLUIDA';
      c.atualizacao.push({ status: 'CONCLUIDA', data: stamp() });
      return c;
    }
    const codigo = o.codigo ?? 'AM02';
    this.mark(t, 'REJEITADA');
    t.rejeicao = { codigo, descricao: 'Pagamento não realizado pelo PSP pagador.' };
    const rec = this.recs.get(c.idRec);
    const retriesLeft =
      rec?.body.politicaRetentativa === 'PERMITE_3R_7D' &&
      c.tentativas.filter((x) => x.tipo === 'RIFL').length < RETRIES.max;
    if (REJECTS_CHARGE.has(codigo) || !retriesLeft) {
      c.status = REJECTS_CHARGE.has(codigo) ? 'REJEITADA' : 'EXPIRADA';
      c.atualizacao.push({ status: c.status, data: stamp() });
      if (c.status === 'REJEITADA') c.encerramento = { rejeicao: { ...t.rejeicao } };
    }
    return c;
  }

  private attempt(day: string, tipo: Tentativa['tipo']): Tentativa {
    return {
      dataLiquidacao: day,
      tipo,
      endToEndId: e2e(day),
      status: 'AGENDADA',
      atualizacao: [
        { status: 'SOLICITADA', data: stamp() },
        { status: 'AGENDADA', data: stamp() },
      ],
    };
  }

  private mark(t: Tentativa, status: Tentativa['status']) {
    t.status = status;
    t.atualizacao.push({ status, data: stamp() });
  }
}
