import { describe, expect, it } from 'vitest';
import { InvoiceState, type InvoiceStateValue } from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// The allowed state changes, written out here on purpose (not imported from contracts), so the
// server is checked against an independent copy of the rule.
const { Draft, Todo, Wip, Blocked, Canceled, Completed } = InvoiceState;
const decided: Record<InvoiceStateValue, InvoiceStateValue[]> = {
  [Draft]: [Todo, Wip, Canceled],
  [Todo]: [Wip, Blocked, Canceled],
  [Wip]: [Todo, Blocked, Canceled, Completed],
  [Blocked]: [Wip, Todo, Canceled],
  [Completed]: [Wip],
  [Canceled]: [],
};
const states: InvoiceStateValue[] = [Draft, Todo, Wip, Blocked, Canceled, Completed];
const targets: InvoiceStateValue[] = [Todo, Wip, Blocked, Canceled, Completed];

const t = perFile({ other: true, world: invoiceWorld });

const pathTo = (to: InvoiceStateValue) =>
  ({
    [Todo]: '/todo',
    [Wip]: '/start',
    [Blocked]: `/block/${t.world.statusOf(Blocked).id}`,
    [Canceled]: `/cancel/${t.world.statusOf(Canceled).id}`,
    [Completed]: '/complete',
  })[to as number]!;

async function orderIn(state: InvoiceStateValue, opts: { paid?: boolean } = {}) {
  const { id } = await t.world.createInvoice();
  await t.world.assignWorker(id);
  await t.world.moveTo(id, state);
  if (opts.paid) expect((await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-01' })).statusCode).toBe(200);
  return id;
}

describe('every (from, to) pair of the state machine', () => {
  for (const role of ['admin', 'worker'] as const) {
    for (const from of states) {
      it(`${role}: from ${from}`, async () => {
        for (const to of targets) {
          const id = await orderIn(from);
          const allowed = await t.world[role]('GET', `/${id}/allowed-changes`);
          expect(allowed.statusCode).toBe(200);
          const res = await t.world[role]('POST', `/${id}${pathTo(to)}`);
          let expected = decided[from].includes(to) ? 200 : 409;
          // Cancelling is the admin's (a declared admin route); reopening a Completed order too.
          if (role === 'worker' && to === Canceled) expected = 403;
          if (role === 'worker' && from === Completed && to === Wip) expected = 409;
          expect(res.statusCode, `${role} ${from} -> ${to}: ${res.body}`).toBe(expected);
          const expectedAllowed = decided[from].filter(
            (target) => role === 'admin' || (target !== Canceled && !(from === Completed && target === Wip)),
          );
          expect([...allowed.json().data].sort(), `${role} allowed from ${from}`).toEqual([...expectedAllowed].sort());
          const after = (await t.world.admin('GET', `/${id}`)).json();
          if (expected === 200) {
            expect(after.statusState).toBe(to);
          } else {
            expect(after.statusState).toBe(from);
            if (expected === 409) expect(res.json().errors).toEqual(['Não é possível atualizar esta Ordem de Serviço']);
          }
        }
      });
    }
  }

  it('a paid Completed order cannot be reopened, not even by an admin', async () => {
    const id = await orderIn(Completed, { paid: true });
    expect((await t.world.admin('GET', `/${id}/allowed-changes`)).json().data).toEqual([]);
    const res = await t.world.admin('POST', `/${id}/start`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual(['Não é possível atualizar esta Ordem de Serviço']);
  });
});

describe('what each change records', () => {
  it('start sets startedAt once; complete sets finishedAt; reopen clears it', async () => {
    const id = await orderIn(Draft);
    const started = (await t.world.worker('POST', `/${id}/start`)).json();
    expect(started).toMatchObject({ statusState: Wip, statusLabel: 'Em Andamento', finishedAt: null });
    expect(started.startedAt).toEqual(expect.any(String));
    // The collaborator's answer has no price either.
    expect(started).not.toHaveProperty('total');
    await t.world.worker('POST', `/${id}/todo`);
    const again = (await t.world.worker('POST', `/${id}/start`)).json();
    expect(again.startedAt).toBe(started.startedAt);
    const done = (await t.world.worker('POST', `/${id}/complete`)).json();
    expect(done.statusState).toBe(Completed);
    expect(done.finishedAt).toEqual(expect.any(String));
    expect(done.startedAt).toBe(started.startedAt);
    const reopened = (await t.world.admin('POST', `/${id}/start`)).json();
    expect(reopened).toMatchObject({ statusState: Wip, finishedAt: null, startedAt: started.startedAt });
  });

  it('block and cancel keep the chosen reason as the status', async () => {
    const reason = t.world.statuses.find((s) => s.label === 'Aguardando cliente')!;
    const id = await orderIn(Wip);
    const blocked = await t.world.worker('POST', `/${id}/block/${reason.id}`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      statusState: Blocked,
      statusId: reason.id,
      statusLabel: 'Aguardando cliente',
    });
    const canceled = await t.world.admin('POST', `/${id}/cancel/${t.world.statusOf(Canceled).id}`);
    expect(canceled.json()).toMatchObject({ statusState: Canceled, statusLabel: 'Cancelado pelo cliente' });
  });

  it('writes a System comment naming who, what and the reason, and an audit line', async () => {
    const id = await orderIn(Wip);
    await t.world.worker('POST', `/${id}/block/${t.world.statusOf(Blocked).id}`);
    const system = (await t.world.admin('GET', `/${id}/comments/type/4`)).json().data as Array<{
      comment: string;
      userName: string;
      type: number;
    }>;
    expect(system.map((c) => c.comment)).toEqual([
      'Admin Teste alterou o status de Rascunho para Em Andamento.',
      'Colaborador Teste alterou o status de Em Andamento para Bloqueado. Motivo: Aguardando peça.',
    ]);
    expect(system.at(-1)).toMatchObject({ type: 4, userName: 'Colaborador Teste' });
    const trail = (await t.world.auditOf(id)).filter((a) => a.action === 'update' && a.userId === t.org.worker.id);
    expect(trail.at(-1)!.data).toEqual([
      { field: 'status', before: 'Em Andamento', after: 'Bloqueado (Aguardando peça)' },
    ]);
  });
});

describe('reasons', () => {
  it('422 on statusId for a status of another state, another organization or none', async () => {
    const id = await orderIn(Wip);
    const wrong = [
      `/block/${t.world.statusOf(Canceled).id}`,
      `/block/${t.world.statusOf(Wip).id}`,
      `/cancel/${t.world.statusOf(Blocked).id}`,
      `/block/${t.theirs.statusOf(Blocked).id}`,
      `/cancel/${t.theirs.statusOf(Canceled).id}`,
      '/block/999999999',
    ];
    for (const path of wrong) {
      const res = await t.world.admin('POST', `/${id}${path}`);
      expect(res.statusCode, path).toBe(422);
      expect(res.json().errors).toEqual({ statusId: ['Selecione uma situação do tipo correspondente'] });
    }
    expect((await t.world.admin('POST', `/${id}/block/abc`)).statusCode).toBe(404);
    expect((await t.world.admin('GET', `/${id}`)).json().statusState).toBe(Wip);
  });

  it('a user-defined Blocked reason works like the default ones', async () => {
    const created = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/invoice-statuses`,
      headers: t.org.as(t.org.admin.token),
      payload: { state: Blocked, label: 'Aguardando aprovação do síndico' },
    });
    const id = await orderIn(Todo);
    const res = await t.world.worker('POST', `/${id}/block/${created.json().id}`);
    expect(res.json()).toMatchObject({ statusState: Blocked, statusLabel: 'Aguardando aprovação do síndico' });
  });
});

describe('a state change from a screen read before another change', () => {
  it('with the version read: passes when fresh, 409 with the state and status now when stale; nothing moves', async () => {
    const id = await orderIn(Todo);
    const read = (await t.world.admin('GET', `/${id}`)).json();
    // Someone else blocks it meanwhile.
    expect((await t.world.admin('POST', `/${id}${pathTo(Blocked)}`)).statusCode).toBe(200);
    const stale = await t.world.worker('POST', `/${id}/start`, { version: read.version });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      errors: ['Este registro foi alterado por outra pessoa'],
      conflict: {
        version: expect.any(Number),
        current: { statusState: Blocked, statusId: t.world.statusOf(Blocked).id },
      },
    });
    expect((await t.world.admin('GET', `/${id}`)).json().statusState).toBe(Blocked);
    // Against the version now it moves; without a version it is not checked, as before.
    const fresh = await t.world.worker('POST', `/${id}/start`, { version: stale.json().conflict.version });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(stale.json().conflict.version).toBeGreaterThan(read.version);
    expect(fresh.json().statusState).toBe(Wip);
    expect(fresh.json().version).toBeGreaterThan(stale.json().conflict.version);
    expect((await t.world.admin('POST', `/${id}/todo`)).statusCode).toBe(200);
    const cancel = await t.world.admin('POST', `/${id}${pathTo(Canceled)}`, { version: read.version });
    expect(cancel.statusCode).toBe(409);
    expect((await t.world.admin('GET', `/${id}`)).json().statusState).toBe(Todo);
  });
});
