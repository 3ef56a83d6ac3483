import { beforeAll, describe, expect, it } from 'vitest';
import { InvoiceState } from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// Comments by type: General 1, Technical 2, Internal 3 (admin), System 4 (admin, read-only).
const t = perFile({ world: invoiceWorld });
let id: number;

beforeAll(async () => {
  id = (await t.world.createInvoice()).id;
  await t.world.assignWorker(id);
});

const list = async (who: 'admin' | 'worker', type: number) => {
  const res = await t.world[who]('GET', `/${id}/comments/type/${type}`);
  return {
    status: res.statusCode,
    data: res.statusCode === 200 ? (res.json().data as Array<Record<string, unknown>>) : [],
  };
};

describe('comments', () => {
  it('adds General and Technical comments for everyone on the order, with author and time, by type', async () => {
    const general = await t.world.worker('POST', `/${id}/comments`, { comment: '  Cliente ausente ', type: 1 });
    expect(general.statusCode).toBe(201);
    expect(general.json()).toMatchObject({
      comment: 'Cliente ausente',
      type: 1,
      userName: 'Colaborador Teste',
      userId: t.org.worker.id,
    });
    expect(general.json().createdAt).toEqual(expect.any(String));
    await t.world.admin('POST', `/${id}/comments`, { comment: 'Trocar capacitor', type: 2 });
    expect((await list('worker', 1)).data.map((c) => c.comment)).toEqual(['Cliente ausente']);
    expect((await list('worker', 2)).data).toEqual([
      expect.objectContaining({ comment: 'Trocar capacitor', userName: 'Admin Teste', type: 2 }),
    ]);
  });

  it('Internal comments are for admins: collaborators can neither read nor write them', async () => {
    const added = await t.world.admin('POST', `/${id}/comments`, { comment: 'Cliente paga atrasado', type: 3 });
    expect(added.statusCode).toBe(201);
    expect((await list('admin', 3)).data.map((c) => c.comment)).toEqual(['Cliente paga atrasado']);
    expect((await list('worker', 3)).status).toBe(403);
    expect((await t.world.worker('POST', `/${id}/comments`, { comment: 'x', type: 3 })).statusCode).toBe(403);
    expect((await t.world.worker('DELETE', `/${id}/comments/${added.json().id}`)).statusCode).toBe(404);
  });

  it('System comments are written by the server only, readable by admins, never removed', async () => {
    await t.world.worker('POST', `/${id}/start`);
    const system = await list('admin', 4);
    expect(system.data.map((c) => c.comment)).toEqual([
      'Colaborador Teste alterou o status de Rascunho para Em Andamento.',
    ]);
    expect((await list('worker', 4)).status).toBe(403);
    const write = await t.world.admin('POST', `/${id}/comments`, { comment: 'falso', type: 4 });
    expect(write.statusCode).toBe(422);
    expect(write.json().errors).toEqual({ type: ['Tipo de comentário inválido'] });
    const del = await t.world.admin('DELETE', `/${id}/comments/${system.data[0]!.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().errors).toEqual(['Comentários do sistema não podem ser removidos']);
  });

  it('422 on the text; 404 for an unknown type', async () => {
    for (const comment of [undefined, '', '   ']) {
      const res = await t.world.admin('POST', `/${id}/comments`, { comment, type: 1 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ comment: ['Informe o comentário'] });
    }
    expect((await t.world.admin('POST', `/${id}/comments`, { comment: 'x'.repeat(5001), type: 1 })).statusCode).toBe(
      422,
    );
    expect((await t.world.admin('GET', `/${id}/comments/type/5`)).statusCode).toBe(404);
  });

  it('a collaborator removes only their own comments; an admin any but System; audited', async () => {
    const mine = (await t.world.worker('POST', `/${id}/comments`, { comment: 'Meu', type: 2 })).json();
    const admins = (await t.world.admin('POST', `/${id}/comments`, { comment: 'Do admin', type: 1 })).json();
    const refused = await t.world.worker('DELETE', `/${id}/comments/${admins.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual(['Você só pode remover os seus próprios comentários']);
    expect((await t.world.worker('DELETE', `/${id}/comments/${mine.id}`)).statusCode).toBe(204);
    const another = (await t.world.worker('POST', `/${id}/comments`, { comment: 'Outro', type: 1 })).json();
    expect((await t.world.admin('DELETE', `/${id}/comments/${another.id}`)).statusCode).toBe(204);
    expect((await t.world.admin('DELETE', `/${id}/comments/${another.id}`)).statusCode).toBe(404);
    const texts = [...(await list('admin', 1)).data, ...(await list('admin', 2)).data].map((c) => c.comment);
    expect(texts).not.toContain('Meu');
    expect(texts).not.toContain('Outro');
    const trail = (await t.world.auditOf(id)).filter((a) => a.action === 'delete').at(-1)!;
    expect(trail).toMatchObject({
      userId: t.org.admin.id,
      data: [{ field: 'comments', before: { type: 1, comment: 'Outro' }, after: null }],
    });
  });

  it('a comment of another order is a 404', async () => {
    const other = (await t.world.createInvoice()).id;
    const c = (await t.world.admin('POST', `/${other}/comments`, { comment: 'Alheio', type: 1 })).json();
    expect((await t.world.admin('DELETE', `/${id}/comments/${c.id}`)).statusCode).toBe(404);
  });

  it('Canceled and Completed orders take no comment changes', async () => {
    for (const state of [InvoiceState.Canceled, InvoiceState.Completed]) {
      const { id: closed } = await t.world.createInvoice();
      const c = (await t.world.admin('POST', `/${closed}/comments`, { comment: 'Antes', type: 1 })).json();
      await t.world.moveTo(closed, state);
      for (const res of [
        await t.world.admin('POST', `/${closed}/comments`, { comment: 'Depois', type: 1 }),
        await t.world.admin('DELETE', `/${closed}/comments/${c.id}`),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().errors).toEqual(['Ordens de serviço canceladas ou concluídas não podem ser alteradas']);
      }
      // Still readable.
      expect((await t.world.admin('GET', `/${closed}/comments/type/1`)).json().data).toHaveLength(1);
    }
  });
});
