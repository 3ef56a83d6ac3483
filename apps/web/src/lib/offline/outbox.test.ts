import { describe, expect, it, vi } from 'vitest';
import { idempotencyMessages, versionMessages } from '@ordem-certa/contracts';
import { Outbox, retryDelay, type OutboxDeps, type OutboxDraft, type OutboxItem, type SendAnswer } from './outbox.ts';

/** A Map as the store; `failDeleteOnce` makes the next delete throw (the app dies after the send). */
function memoryStore() {
  const rows = new Map<string, OutboxItem>();
  let failDelete = false;
  return {
    rows,
    failDeleteOnce: () => (failDelete = true),
    all: async () => [...rows.values()].map((r) => structuredClone(r)),
    put: async (item: OutboxItem) => void rows.set(item.key, structuredClone(item)),
    delete: async (key: string) => {
      if (failDelete) {
        failDelete = false;
        throw new Error('the tab was closed');
      }
      rows.delete(key);
    },
  };
}

/**
 * The server as the outbox meets it: it keeps what it was sent, once per Idempotency-Key (a repeated
 * key gets the first answer, as plugins/idempotency.ts does), unless told to fail.
 */
function server() {
  const created: Array<{ key: string; path: string }> = [];
  const calls: Array<{ key: string; token: string | null; json?: unknown }> = [];
  const answers = new Map<string, SendAnswer>();
  let next: Array<SendAnswer | 'network'> = [];
  return {
    created,
    calls,
    answerNext: (...a: Array<SendAnswer | 'network'>) => (next = a),
    send: async (item: OutboxItem, token: string | null): Promise<SendAnswer> => {
      const key = item.sendKey ?? item.key;
      calls.push({ key, token, json: item.request.json });
      const planned = next.shift();
      if (planned === 'network') throw new TypeError('Failed to fetch');
      if (planned) return planned;
      const first = answers.get(key);
      if (first) return first;
      created.push({ key, path: item.request.path });
      const answer = { status: 201, body: {} };
      answers.set(key, answer);
      return answer;
    },
  };
}

function setup() {
  const store = memoryStore();
  const api = server();
  let now = 1_000_000;
  let session: { owner: string; token: string } | null = { owner: '1:7', token: 'tok' };
  const deps: OutboxDeps = {
    store,
    send: api.send,
    session: () => session,
    now: () => now,
    onDelivered: vi.fn(),
    onSessionEnded: vi.fn(),
    schedule: vi.fn(),
    exclusive: (fn) => fn(),
    changed: vi.fn(),
    newKey: () => `rebased-${++n}`,
  };
  const outbox = new Outbox(deps);
  let n = 0;
  const draft = (invoiceId: number, label = 'Comentário'): OutboxDraft => ({
    key: `key-${++n}`,
    owner: '1:7',
    ownerName: 'Técnico',
    kind: 'comment',
    invoiceId,
    label,
    request: { path: `/organizations/1/invoices/${invoiceId}/comments`, json: { comment: label, type: 1 } },
    show: { text: label },
  });
  return {
    store,
    api,
    deps,
    outbox,
    draft,
    advance: (ms: number) => (now += ms),
    setSession: (s: typeof session) => (session = s),
  };
}

describe('outbox', () => {
  it('sends the items in the order the actions were taken, each with its own key, then forgets them', async () => {
    const t = setup();
    const a = await t.outbox.enqueue(t.draft(5, 'primeiro'));
    const b = await t.outbox.enqueue(t.draft(6, 'segundo'));
    const c = await t.outbox.enqueue(t.draft(5, 'terceiro'));
    await t.outbox.flush();
    expect(t.api.calls.map((x) => x.key)).toEqual([a.key, b.key, c.key]);
    expect(t.api.calls.every((x) => x.token === 'tok')).toBe(true);
    expect(t.store.rows.size).toBe(0);
    expect(t.deps.onDelivered).toHaveBeenCalledTimes(3);
  });

  it('waits longer after each failed attempt, keeps the order, and tries at once when told the network is back', async () => {
    const t = setup();
    const a = await t.outbox.enqueue(t.draft(5));
    const b = await t.outbox.enqueue(t.draft(5));
    t.api.answerNext('network');
    await t.outbox.flush();
    expect(t.store.rows.get(a.key)).toMatchObject({ attempts: 1, nextAttemptAt: 1_000_000 + 2_000 });
    expect(t.deps.schedule).toHaveBeenLastCalledWith(2_000, expect.any(Function));
    // The later item was not sent ahead of the one that failed.
    expect(t.api.calls.map((x) => x.key)).toEqual([a.key]);

    // Too early: nothing goes.
    t.advance(1_000);
    await t.outbox.flush();
    expect(t.api.calls).toHaveLength(1);

    t.advance(1_000);
    t.api.answerNext({ status: 503, body: null });
    await t.outbox.flush();
    expect(t.store.rows.get(a.key)).toMatchObject({ attempts: 2, nextAttemptAt: 1_002_000 + 4_000 });
    expect([retryDelay(1), retryDelay(2), retryDelay(3), retryDelay(20)]).toEqual([2_000, 4_000, 8_000, 300_000]);

    // The 'online' event: no more waiting.
    await t.outbox.flush(true);
    expect(t.api.calls.map((x) => x.key)).toEqual([a.key, a.key, a.key, b.key]);
    expect(t.api.created.map((x) => x.key)).toEqual([a.key, b.key]);
    expect(t.store.rows.size).toBe(0);
  });

  it('a version conflict is kept as a conflict with its pt-BR message and is not sent again by itself', async () => {
    const t = setup();
    const item = await t.outbox.enqueue(t.draft(5, 'Salvar'));
    t.api.answerNext({
      status: 409,
      body: {
        errors: [versionMessages.changedByOther],
        conflict: { version: 4, changed: ['reportedProblem'], current: { reportedProblem: 'Outro texto' } },
      },
    });
    await t.outbox.flush();
    const kept = t.store.rows.get(item.key)!;
    expect(kept.problem).toEqual({ status: 409, message: versionMessages.offlineConflict, conflict: true });
    await t.outbox.flush(true);
    expect(t.api.calls.filter((x) => x.key === item.key)).toHaveLength(1);
  });

  it('a state change whose order kept the state it was made from is made again at once on the version now', async () => {
    const t = setup();
    const stateChange = (from: number) => ({
      ...t.draft(5, 'Concluir'),
      kind: 'state' as const,
      request: { path: '/organizations/1/invoices/5/complete', json: { version: 3 } },
      madeFrom: { statusState: from, statusId: 12 },
    });
    const conflict = (statusState: number) => ({
      status: 409,
      body: {
        errors: [versionMessages.changedByOther],
        conflict: { version: 7, changed: [], current: { statusState, statusId: 12 } },
      },
    });
    // Someone added a line meanwhile: still in progress, so it goes again on version 7, with a new key.
    const item = await t.outbox.enqueue(stateChange(10));
    t.api.answerNext(conflict(10));
    await t.outbox.flush();
    expect(t.api.calls.map((c) => c.json)).toEqual([{ version: 3 }, { version: 7 }]);
    expect(t.api.calls[1]!.key).not.toBe(item.key);
    expect(t.api.created).toEqual([{ key: t.api.calls[1]!.key, path: '/organizations/1/invoices/5/complete' }]);
    expect(t.store.rows.size).toBe(0);

    // Someone blocked it meanwhile: a real conflict, held and not sent again by itself.
    const held = await t.outbox.enqueue(stateChange(10));
    t.api.answerNext(conflict(-1));
    await t.outbox.flush(true);
    expect(t.store.rows.get(held.key)!.problem).toEqual({
      status: 409,
      message: versionMessages.offlineConflict,
      conflict: true,
    });
    await t.outbox.flush(true);
    expect(t.api.calls.filter((c) => c.key === held.key)).toHaveLength(1);
  });

  it("keeps a refused item with the reason, holds the same order's later items, and lets the others go", async () => {
    const t = setup();
    const refused = await t.outbox.enqueue(t.draft(5, 'Concluir'));
    const behind = await t.outbox.enqueue(t.draft(5, 'depois'));
    const other = await t.outbox.enqueue(t.draft(9, 'outra OS'));
    t.api.answerNext({ status: 409, body: { errors: ['Não é possível atualizar esta Ordem de Serviço'] } });
    await t.outbox.flush();
    const kept = t.store.rows.get(refused.key)!;
    expect(kept.problem?.status).toBe(409);
    expect(kept.problem?.message).toContain('O escritório alterou a ordem de serviço');
    expect(kept.problem?.message).toContain('Não é possível atualizar esta Ordem de Serviço');
    expect(t.store.rows.has(behind.key)).toBe(true);
    expect(t.store.rows.has(other.key)).toBe(false);
    expect(t.api.created.map((x) => x.key)).toEqual([other.key]);

    // Another round does not send it again by itself.
    await t.outbox.flush(true);
    expect(t.api.calls.filter((x) => x.key === refused.key)).toHaveLength(1);

    // 'Tentar novamente' sends it (and what waited behind it), with the key made at the action.
    await t.outbox.retry(refused.key);
    expect(t.api.created.map((x) => x.key)).toEqual([other.key, refused.key, behind.key]);
    expect(t.store.rows.size).toBe(0);
  });

  it('discards a refused item only when asked', async () => {
    const t = setup();
    const refused = await t.outbox.enqueue(t.draft(5));
    t.api.answerNext({ status: 404, body: { errors: ['Recurso não encontrado'] } });
    await t.outbox.flush();
    expect(t.store.rows.get(refused.key)?.problem?.message).toContain('não foi encontrada');
    await t.outbox.discard(refused.key);
    expect(t.store.rows.size).toBe(0);
    expect(t.api.created).toEqual([]);
  });

  it('an item sent but not forgotten (the app died in between) goes again with the same key and is created once', async () => {
    const t = setup();
    const a = await t.outbox.enqueue(t.draft(5));
    t.store.failDeleteOnce();
    await expect(t.outbox.flush()).rejects.toThrow('the tab was closed');
    expect(t.store.rows.has(a.key)).toBe(true);
    // The next start replays the queue.
    await t.outbox.flush(true);
    await t.outbox.flush(true);
    expect(t.api.calls.map((x) => x.key)).toEqual([a.key, a.key]);
    expect(t.api.created).toEqual([{ key: a.key, path: '/organizations/1/invoices/5/comments' }]);
    expect(t.store.rows.size).toBe(0);
  });

  it('a 401 leaves every item as it was for the next login as the same user', async () => {
    const t = setup();
    const a = await t.outbox.enqueue(t.draft(5));
    const b = await t.outbox.enqueue(t.draft(6));
    t.api.answerNext({ status: 401, body: null });
    await t.outbox.flush();
    expect(t.deps.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(t.deps.onSessionEnded).toHaveBeenCalledWith(t.deps.session()!.token);
    expect(t.store.rows.get(a.key)).toMatchObject({ attempts: 0, problem: null });
    expect(t.api.calls.map((x) => x.key)).toEqual([a.key]);

    // Logged out: nothing is sent; another user's session does not send them either.
    t.setSession(null);
    await t.outbox.flush(true);
    t.setSession({ owner: '1:8', token: 'other' });
    await t.outbox.flush(true);
    expect(t.api.calls).toHaveLength(1);

    t.setSession({ owner: '1:7', token: 'new' });
    await t.outbox.flush(true);
    expect(t.api.created.map((x) => x.key)).toEqual([a.key, b.key]);
    expect(t.api.calls.slice(1).every((x) => x.token === 'new')).toBe(true);
  });

  it('a 409 "still running" waits and tries again; a signature the server already has counts as delivered', async () => {
    const t = setup();
    const a = await t.outbox.enqueue(t.draft(5));
    t.api.answerNext({ status: 409, body: { errors: [idempotencyMessages.inFlight] } });
    await t.outbox.flush();
    expect(t.store.rows.get(a.key)).toMatchObject({ attempts: 1, problem: null });

    const signed = await t.outbox.enqueue({
      ...t.draft(6, 'Assinatura'),
      kind: 'signature',
      alreadyDone: 'Esta ordem de serviço já foi assinada',
      request: { path: '/public/invoices/6/sign?token=x', json: {}, public: true },
    });
    t.api.answerNext(
      { status: 201, body: {} },
      { status: 409, body: { errors: ['Esta ordem de serviço já foi assinada'] } },
    );
    await t.outbox.flush(true);
    expect(t.store.rows.size).toBe(0);
    // The public signing route gets no session token.
    expect(t.api.calls.at(-1)).toMatchObject({ key: signed.key, token: null });
  });
});
