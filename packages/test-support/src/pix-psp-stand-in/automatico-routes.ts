import { problem, type Answer } from './state.ts';
import type { AutomaticoState, StoredCobR, StoredRec } from './automatico.ts';

// Pix Automático's operations at the stand-in PSP by the specification's operation id, its webhooks'
// notifications, and the simulations of the payer and the payer's PSP (tests and the demo).

type Json = Record<string, unknown>;
const stamp = () => new Date().toISOString();

type Handler = (
  a: AutomaticoState,
  r: { params: Record<string, string>; query: Record<string, string>; body: Record<string, unknown> },
) => Answer;

const webhook = (hook: { webhookUrl: string; criacao: string } | null) =>
  hook ? { status: 200, body: hook } : problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');

/** Pix Automático's operations, by the specification's operation id (joined to the stand-in's table). */
export const automaticoHandlers: Record<string, Handler> = {
  'POST /rec': (a, r) => a.createRec(r.body),
  'GET /rec/{idRec}': (a, r) => a.getRec(r.params.idRec!),
  'GET /rec': (a, r) => a.listRecs(r.query),
  'PATCH /rec/{idRec}': (a, r) => a.reviseRec(r.params.idRec!, r.body),
  'POST /solicrec': (a, r) => a.createSolicRec(r.body),
  'GET /solicrec/{idSolicRec}': (a, r) => {
    const s = [...a.recs.values()].flatMap((x) => x.solicitacoes).find((x) => x.idSolicRec === r.params.idSolicRec);
    return s
      ? { status: 200, body: a.solicView(s) }
      : problem(404, 'SolicRecNaoEncontrada', 'Solicitação não encontrada.');
  },
  'PUT /cobr/{txid}': (a, r) => a.putCobr(r.params.txid!, r.body),
  'GET /cobr/{txid}': (a, r) => a.getCobr(r.params.txid!),
  'PATCH /cobr/{txid}': (a, r) => a.cancelCobr(r.params.txid!),
  'POST /cobr/{txid}/retentativa/{data}': (a, r) => a.retry(r.params.txid!, r.params.data!),
  'PUT /webhookrec': (a, r) => {
    a.webhookRec = { webhookUrl: String(r.body.webhookUrl), criacao: stamp() };
    return { status: 200 };
  },
  'GET /webhookrec': (a) => webhook(a.webhookRec),
  'DELETE /webhookrec': (a) => {
    a.webhookRec = null;
    return { status: 204 };
  },
  'PUT /webhookcobr': (a, r) => {
    a.webhookCobr = { webhookUrl: String(r.body.webhookUrl), criacao: stamp() };
    return { status: 200 };
  },
  'GET /webhookcobr': (a) => webhook(a.webhookCobr),
  'DELETE /webhookcobr': (a) => {
    a.webhookCobr = null;
    return { status: 204 };
  },
};

/** The scopes Pix Automático's operations require (added to the token's default scopes). */
export const AUTOMATICO_SCOPES = [
  'rec.read',
  'rec.write',
  'solicrec.read',
  'solicrec.write',
  'cobr.read',
  'cobr.write',
  'webhookrec.read',
  'webhookrec.write',
  'webhookcobr.read',
  'webhookcobr.write',
];

/** Posts a notification to a registered webhook + suffix (loopback only unless `anywhere`); its status. */
export async function postWebhook(url: string, body: unknown, anywhere: boolean): Promise<number | null> {
  const { hostname } = new URL(url);
  if (!anywhere && !/^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/.test(hostname)) return null;
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return null;
  }
}

/** RecNotification and CobRNotification, as the webhooks carry them. */
const recNotice = (r: StoredRec) => ({
  idRec: r.idRec,
  status: r.status,
  atualizacao: r.atualizacao,
  ...(r.encerramento ? { encerramento: r.encerramento } : {}),
});
const cobrNotice = (c: StoredCobR) => ({
  idRec: c.idRec,
  txid: c.txid,
  status: c.status,
  atualizacao: c.atualizacao,
  ...(c.tentativas.length ? { tentativas: c.tentativas } : {}),
  ...(c.pix.length ? { pix: c.pix } : {}),
});

/**
 * The simulations of Pix Automático: POST /simulate/rec/{idRec}/approve | reject (the payer's answer),
 * POST /simulate/cobr/{txid}/pay | fail {codigo?} (the scheduled attempt settled), each told to the
 * webhook. Null for a path that is not one of them.
 */
export async function simulateAutomatico(
  a: AutomaticoState,
  pathname: string,
  body: Json,
  anywhere: boolean,
): Promise<Answer | null> {
  const rec = /^\/simulate\/rec\/([A-Za-z0-9]{29})\/(approve|reject)$/.exec(pathname);
  if (rec) {
    const answered = a.answer(rec[1]!, rec[2] === 'approve');
    if (!answered) return problem(404, 'RecNaoEncontrada', 'Nenhuma recorrência CRIADA com esse idRec.');
    if (a.webhookRec) await postWebhook(`${a.webhookRec.webhookUrl}/rec`, { recs: [recNotice(answered)] }, anywhere);
    return { status: 200, body: a.recView(answered) };
  }
  const cobr = /^\/simulate\/cobr\/([A-Za-z0-9]{26,35})\/(pay|fail)$/.exec(pathname);
  if (cobr) {
    const codigo = typeof body.codigo === 'string' ? body.codigo : undefined;
    const settled = a.settle(cobr[1]!, { paid: cobr[2] === 'pay', codigo });
    if (!settled) return problem(404, 'CobRNaoEncontrado', 'Nenhuma tentativa AGENDADA nessa cobrança recorrente.');
    if (a.webhookCobr)
      await postWebhook(`${a.webhookCobr.webhookUrl}/cobr`, { cobsr: [cobrNotice(settled)] }, anywhere);
    return { status: 200, body: a.cobrView(settled) };
  }
  return null;
}
