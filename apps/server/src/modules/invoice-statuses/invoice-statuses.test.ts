import { beforeAll, describe, expect, it } from 'vitest';
import { defaultInvoiceStatuses, invoiceStatusMessages } from '@ordem-certa/contracts';
import { type TestOrg } from '../../../test/helpers.ts';
import {
  itAsksForAToken,
  itIsForAdmins,
  itKeepsOrganizationsApart,
  registerApi,
  twoOrganizations,
} from '../../../test/register-tests.ts';

const suite = twoOrganizations();

type Status = { id: number; state: number; label: string };
const api = registerApi<Status>(suite, (o) => `/api/organizations/${o.organization.id}/invoice-statuses`);
const { call, create } = api;
const list = async (o: TestOrg, query = '') => {
  const res = await call(o, o.admin.token, 'GET', query);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Status[]; meta: { total: number } };
};

describe('order statuses: defaults', () => {
  it('every new organization starts with one status per fixed state and the default reasons, in flow order', async () => {
    const { data, meta } = await list(suite.org);
    expect(meta.total).toBe(defaultInvoiceStatuses.length);
    expect(data.map(({ state, label }) => ({ state, label }))).toEqual([
      { state: 0, label: 'Rascunho' },
      { state: 7, label: 'Não Iniciado' },
      { state: 10, label: 'Em Andamento' },
      { state: 20, label: 'Concluído' },
      { state: -1, label: 'Aguardando cliente' },
      { state: -1, label: 'Aguardando peça' },
      { state: -100, label: 'Cancelado pelo cliente' },
    ]);
  });

  it('filters by state (the Bloquear and Cancelar dialogs)', async () => {
    const blocked = await list(suite.org, '?state=-1');
    expect(blocked.data.map((s) => s.label)).toEqual(['Aguardando cliente', 'Aguardando peça']);
    expect(blocked.meta.total).toBe(2);
    expect((await list(suite.org, '?state=-100')).data.map((s) => s.label)).toEqual(['Cancelado pelo cliente']);
  });
});

describe('order statuses: access', () => {
  let blockedId: number;
  beforeAll(async () => {
    blockedId = (await list(suite.org, '?state=-1')).data[0]!.id;
  });

  itAsksForAToken(api, () => [
    ['GET', ''],
    ['POST', '', { state: -1, label: 'X' }],
    ['GET', `/${blockedId}`],
    ['PUT', `/${blockedId}`, { state: -1, label: 'X' }],
  ]);

  it('a collaborator reads the list (orders need the reasons)', async () => {
    const read = await call(suite.org, suite.org.worker.token, 'GET', '?state=-1');
    expect(read.statusCode).toBe(200);
    expect(read.json().meta.total).toBe(2);
  });
  itIsForAdmins(
    api,
    () => [
      ['POST', '', { state: -1, label: 'Pelo colaborador' }],
      ['GET', `/${blockedId}`],
      ['PUT', `/${blockedId}`, { state: -1, label: 'Pelo colaborador' }],
    ],
    'a collaborator gets 403 on everything but the list',
  );

  itKeepsOrganizationsApart(api, () => [
    ['GET', `/${blockedId}`],
    ['PUT', `/${blockedId}`, { state: -1, label: 'Invadido' }],
  ]);
});

describe('order statuses: create and edit', () => {
  it('creates Blocked and Canceled statuses', async () => {
    const b = await create(suite.org, { state: -1, label: 'Aguardando aprovação do orçamento' });
    expect(b).toMatchObject({ state: -1, label: 'Aguardando aprovação do orçamento' });
    const c = await create(suite.org, { state: -100, label: 'Desistência' });
    expect(c.state).toBe(-100);
    expect((await call(suite.org, suite.org.admin.token, 'GET', `/${c.id}`)).json()).toEqual(c);
  });

  it('422 on state for any other state (Wip, Draft, Todo, Completed, unknown) and on a missing label', async () => {
    for (const state of [10, 0, 7, 20, 5, 'x', undefined]) {
      const res = await call(suite.org, suite.org.admin.token, 'POST', '', { state, label: 'Indevida' });
      expect(res.statusCode, String(state)).toBe(422);
      expect(res.json().errors).toEqual({ state: [invoiceStatusMessages.stateRequired] });
    }
    const noLabel = await call(suite.org, suite.org.admin.token, 'POST', '', { state: -1, label: '' });
    expect(Object.keys(noLabel.json().errors)).toEqual(['label']);
    expect((await list(suite.org, '?q=indevida')).meta.total).toBe(0);
  });

  it('422 on label for a duplicate name in the same organization (any case); another organization may reuse it', async () => {
    const res = await call(suite.org, suite.org.admin.token, 'POST', '', { state: -100, label: 'AGUARDANDO PEÇA' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ label: [invoiceStatusMessages.labelTaken] });
    await create(suite.other, { state: -1, label: 'Sem estoque' });
    await create(suite.org, { state: -1, label: 'Sem estoque' });
  });

  it('a label typed with combining accents (NFD) is the same as the composed one (NFC): 422, stored as NFC', async () => {
    const nfc = 'Manutenção elétrica';
    const made = await create(suite.org, { state: -1, label: nfc.normalize('NFD') });
    expect(made.label).toBe(nfc);
    const res = await call(suite.org, suite.org.admin.token, 'POST', '', { state: -1, label: nfc });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ label: [invoiceStatusMessages.labelTaken] });
  });

  it('edits a Blocked status, also into Canceled', async () => {
    const s = await create(suite.org, { state: -1, label: 'Aguardando vistoria' });
    const put = await call(suite.org, suite.org.admin.token, 'PUT', `/${s.id}`, {
      state: -100,
      label: 'Vistoria reprovada',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ id: s.id, state: -100, label: 'Vistoria reprovada' });
  });

  it('409 when editing a fixed status (Draft, Todo, Wip, Completed): nothing changes', async () => {
    const fixed = (await list(suite.org)).data.filter((s) => s.state >= 0);
    expect(fixed).toHaveLength(4);
    for (const s of fixed) {
      const res = await call(suite.org, suite.org.admin.token, 'PUT', `/${s.id}`, { state: -1, label: 'Hackeado' });
      expect(res.statusCode, s.label).toBe(409);
      expect(res.json()).toEqual({ errors: [invoiceStatusMessages.notEditable] });
      expect((await call(suite.org, suite.org.admin.token, 'GET', `/${s.id}`)).json()).toEqual(s);
    }
  });

  it('422 when an edit tries to move a status to Wip', async () => {
    const s = (await list(suite.org, '?state=-100')).data[0]!;
    const res = await call(suite.org, suite.org.admin.token, 'PUT', `/${s.id}`, { state: 10, label: s.label });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['state']);
  });
});
