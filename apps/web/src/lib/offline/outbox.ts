import { idempotencyMessages, versionMessages, type ChecklistValue } from '@ordem-certa/contracts';

/**
 * The technician's writes that wait for the network: comments, photos, the customer's signature,
 * checklist answers, state changes (start, complete…) and stamps ('A caminho', 'Cheguei'…), kept on the phone (IndexedDB) until the
 * server has them.
 *
 * Each item carries the Idempotency-Key made when the technician acted, and every attempt sends that
 * same key: an item whose answer was lost (the connection dropped, the app was closed between the
 * server's answer and the item's removal) is sent again and the server answers the first answer
 * again instead of writing twice.
 *
 * Items go out one at a time, oldest first. A failure that may pass (no network, a 5xx, 408, 429, a
 * 409 'still running') stops the round and waits with a growing delay (2 s, 4 s, 8 s… up to 5
 * minutes) before the next; a 401 stops the round and leaves every item as it was for after the next
 * login as the same user. Any other refusal (the office closed or changed the order meanwhile, 4xx)
 * holds that item with the server's reason, and the items after it on the same order wait behind it,
 * until the technician sends it again or discards it. Nothing is ever dropped without their say.
 */

export type OutboxKind = 'comment' | 'photo' | 'signature' | 'state' | 'checklist' | 'stamp';

export interface OutboxRequest {
  /** Path under /api. */
  path: string;
  /** POST unless said (a checklist's answers are a PUT of all of them). */
  method?: 'POST' | 'PUT';
  /** A JSON body… */
  json?: unknown;
  /** …or one file, sent as multipart/form-data under `field`. */
  file?: { blob: Blob; name: string; field: string };
  /** The route is public (the signing link): no session token is sent. */
  public?: boolean;
}

export interface OutboxItem {
  /** The Idempotency-Key, made when the action was taken; also the item's id. */
  key: string;
  /** `${organizationId}:${userId}`: only this user's session sends it, and only they see it. */
  owner: string;
  /** The owner's name, for the login page's 'envios pendentes de …'. */
  ownerName: string;
  /** Order of the actions (they go out in this order). */
  seq: number;
  createdAt: number;
  kind: OutboxKind;
  invoiceId: number;
  /** pt-BR, what the list of pending items calls it ('Comentário', 'Foto', 'Concluir'…). */
  label: string;
  request: OutboxRequest;
  /** What the order screen shows meanwhile. */
  show: {
    text?: string;
    commentType?: number;
    target?: number;
    signerName?: string;
    signature?: string;
    checklistId?: number;
    answers?: Array<{ item: number; value: ChecklistValue }>;
    /** A stamp ('A caminho', 'Iniciar'…): what, when the phone made it, a pause's reason. */
    stamp?: { kind: string; deviceAt: string; reason?: string | null; latitude?: number; longitude?: number };
  };
  /**
   * A 409 whose message says the work is already there counts as delivered (a signature replayed after
   * a lost answer: the server keeps one valid signature and refuses the same again).
   */
  alreadyDone?: string;
  /**
   * The record's values this write was made from (a state change: the order's state and status then),
   * for a write whose JSON body carries the `version` it was made on. A version conflict whose current
   * values are still these means someone changed only what this write does not touch (a line, a
   * comment — the technician's own comment sent just before): it is made again at once on the version
   * now, under a new key (`sendKey`), instead of being held as a conflict.
   */
  madeFrom?: Record<string, unknown>;
  /** The Idempotency-Key sent, when not `key` (the item made again on a newer version). */
  sendKey?: string;
  attempts: number;
  nextAttemptAt: number;
  /**
   * Set when the server refused it: the reason shown, until 'Tentar novamente' or 'Descartar'. `conflict`:
   * the record was saved by someone else after this was made (a version conflict), told as such.
   */
  problem: { status: number; message: string; conflict?: boolean } | null;
}

export type OutboxDraft = Omit<OutboxItem, 'seq' | 'createdAt' | 'attempts' | 'nextAttemptAt' | 'problem'>;

/** Where items are kept (IndexedDB in the browser, a Map in tests). */
export interface OutboxStore {
  all(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  delete(key: string): Promise<void>;
}

/** An answer from the server (a request that got none throws instead). */
export interface SendAnswer {
  status: number;
  body: unknown;
}

export interface OutboxDeps {
  store: OutboxStore;
  /** Sends one item with its key; throws when no server answered. */
  send(item: OutboxItem, token: string | null): Promise<SendAnswer>;
  /** The signed-in session: whose items go out, and with which token. */
  session(): { owner: string; token: string } | null;
  now(): number;
  /** The server has the item (refresh what the screen shows of that order). */
  onDelivered(item: OutboxItem): void;
  /** 401 for `token`: the session ended (items stay for the next login), unless it was renewed meanwhile. */
  onSessionEnded(token: string): void;
  /** Calls `run` again after `ms` (one timer: a later call replaces an earlier one). */
  schedule(ms: number, run: () => void): void;
  /** Runs `fn` alone among the app's tabs (Web Locks where the browser has them). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Something changed: screens read the items again. */
  changed(): void;
  /** A new Idempotency-Key (an item made again on a newer version). */
  newKey(): string;
}

export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 5 * 60_000;
/** The wait before attempt n+1 after n failed attempts: 2 s, 4 s, 8 s… at most 5 minutes. */
export const retryDelay = (attempts: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export type Outcome = 'delivered' | 'retry' | 'session' | 'refused';

/** What an answer means for the item. */
export function outcomeOf(item: Pick<OutboxItem, 'alreadyDone'>, answer: SendAnswer): Outcome {
  const { status } = answer;
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 401) return 'session';
  if (status === 409) {
    const list = messagesOf(answer.body);
    if (list.includes(idempotencyMessages.inFlight)) return 'retry';
    if (item.alreadyDone && list.some((m) => m.startsWith(item.alreadyDone!))) return 'delivered';
  }
  if (status >= 500 || status === 408 || status === 425 || status === 429 || status === 0) return 'retry';
  return 'refused';
}

/** The server's messages of an error body ({errors: [..]} or {errors: {field: [..]}}). */
export function messagesOf(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors)) return errors.filter((e): e is string => typeof e === 'string');
  if (errors && typeof errors === 'object')
    return Object.values(errors as Record<string, unknown>)
      .flat()
      .filter((e): e is string => typeof e === 'string');
  return [];
}

/** A 409 for a write made on a version of the record someone else has changed since. */
export const isVersionConflict = (status: number, body: unknown) =>
  status === 409 && messagesOf(body).includes(versionMessages.changedByOther);

/**
 * The item made again on the record's version now, when a version conflict left every value it was made
 * from as it was; else undefined (a real conflict, held for the technician). `newKey` makes the key of the
 * new attempt: the refused one's key keeps its answer on the server.
 */
export function rebased(item: OutboxItem, answer: SendAnswer, newKey: () => string): OutboxItem | undefined {
  if (!item.madeFrom || !isVersionConflict(answer.status, answer.body)) return undefined;
  const conflict = (answer.body as { conflict?: { version?: unknown; current?: Record<string, unknown> } }).conflict;
  const json = item.request.json as Record<string, unknown> | undefined;
  if (typeof conflict?.version !== 'number' || !conflict.current || !json || typeof json !== 'object') return undefined;
  const current = conflict.current;
  if (!Object.entries(item.madeFrom).every(([k, v]) => Object.is(current[k], v))) return undefined;
  return { ...item, sendKey: newKey(), request: { ...item.request, json: { ...json, version: conflict.version } } };
}

/** The pt-BR reason a refused item shows. */
export function refusalText(status: number, body: unknown): string {
  if (isVersionConflict(status, body)) return versionMessages.offlineConflict;
  const list = messagesOf(body);
  const reason = list.length ? list.join(' ') : '';
  if (status === 404)
    return `A ordem de serviço não foi encontrada ou não está mais com você.${reason ? ` (${reason})` : ''}`;
  if (status === 403) return `Você não tem mais permissão para isto.${reason ? ` (${reason})` : ''}`;
  if (status === 409 || status === 422)
    return `O escritório alterou a ordem de serviço enquanto você estava sem conexão: ${reason || 'o servidor recusou o envio.'}`;
  return reason || `O servidor recusou o envio (HTTP ${status}).`;
}

export class Outbox {
  private running: Promise<void> | null = null;
  private again = false;
  private force = false;
  private lastSeq = 0;

  constructor(private readonly deps: OutboxDeps) {}

  /** This user's items, oldest first. */
  async items(owner: string): Promise<OutboxItem[]> {
    return (await this.deps.store.all()).filter((i) => i.owner === owner).sort((a, b) => a.seq - b.seq);
  }

  /** Keeps an action to send (a storage error — the phone's space is full — is thrown to the caller). */
  async enqueue(draft: OutboxDraft): Promise<OutboxItem> {
    const now = this.deps.now();
    // Strictly increasing, also for two actions in the same millisecond.
    this.lastSeq = Math.max(this.lastSeq + 1, now);
    const item: OutboxItem = {
      ...draft,
      seq: this.lastSeq,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: 0,
      problem: null,
    };
    await this.deps.store.put(item);
    this.deps.changed();
    return item;
  }

  /** Whether an item of this order still waits (a new action on it must queue behind). */
  async waitingFor(owner: string, invoiceId: number): Promise<boolean> {
    return (await this.items(owner)).some((i) => i.invoiceId === invoiceId);
  }

  /** 'Tentar novamente' on a held item: it goes out on the next round, at once. */
  async retry(key: string): Promise<void> {
    const item = (await this.deps.store.all()).find((i) => i.key === key);
    if (!item) return;
    await this.deps.store.put({ ...item, problem: null, attempts: 0, nextAttemptAt: 0 });
    this.deps.changed();
    await this.flush();
  }

  /** 'Descartar': the item is deleted without being sent. */
  async discard(key: string): Promise<void> {
    await this.deps.store.delete(key);
    this.deps.changed();
  }

  /** Deletes every item of this user (logging out on a shared phone). */
  async discardAll(owner: string): Promise<void> {
    for (const item of await this.items(owner)) await this.deps.store.delete(item.key);
    this.deps.changed();
  }

  /**
   * Sends what can go now. Calls made while a round runs are folded into one more round after it,
   * so an item queued mid-round is not left waiting for the next trigger. `now` (the network came
   * back, the app started, the user logged in) skips the remaining wait of an item that failed.
   */
  flush(now = false): Promise<void> {
    if (now) this.force = true;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.deps.exclusive(() => this.round());
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async round(): Promise<void> {
    const session = this.deps.session();
    if (!session) return;
    const force = this.force;
    this.force = false;
    const held = new Set<number>();
    for (const item of await this.items(session.owner)) {
      if (item.problem) {
        held.add(item.invoiceId);
        continue;
      }
      // Behind a refused item of the same order: its outcome may change what this one means.
      if (held.has(item.invoiceId)) continue;
      const wait = item.nextAttemptAt - this.deps.now();
      if (wait > 0 && !force) {
        this.deps.schedule(wait, () => void this.flush());
        return;
      }
      let answer: SendAnswer;
      try {
        answer = await this.deps.send(item, item.request.public ? null : session.token);
      } catch {
        await this.later(item);
        return;
      }
      const outcome = outcomeOf(item, answer);
      let next: OutboxItem | undefined;
      if (outcome === 'delivered') {
        await this.deps.store.delete(item.key);
        this.deps.changed();
        this.deps.onDelivered(item);
      } else if (outcome === 'retry') {
        await this.later(item);
        return;
      } else if (outcome === 'session') {
        this.deps.onSessionEnded(session.token);
        return;
      } else if (answer.status === 409 && (next = rebased(item, answer, this.deps.newKey))) {
        // Put over the item in one write (same store key), then the round starts again with it.
        await this.deps.store.put(next);
        this.deps.changed();
        this.again = true;
        return;
      } else {
        await this.deps.store.put({
          ...item,
          problem: {
            status: answer.status,
            message: refusalText(answer.status, answer.body),
            ...(isVersionConflict(answer.status, answer.body) ? { conflict: true } : {}),
          },
        });
        this.deps.changed();
        held.add(item.invoiceId);
      }
    }
  }

  /** One more failed attempt: the next waits longer. */
  private async later(item: OutboxItem) {
    const attempts = item.attempts + 1;
    const delay = retryDelay(attempts);
    await this.deps.store.put({ ...item, attempts, nextAttemptAt: this.deps.now() + delay });
    this.deps.changed();
    this.deps.schedule(delay, () => void this.flush());
  }
}
