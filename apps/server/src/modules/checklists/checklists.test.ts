import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checklistMessages, InvoiceState } from '@ordem-certa/contracts';
import { createOrg } from '../../../test/helpers.ts';
import { multipartFiles } from '../../../test/factories.ts';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';

// Checklists: templates (admin), copies attached to an order, answered by whoever works it, and an
// order cannot be completed while a required item is unanswered.
const t = worldPerFile();

const templates = (token = t.org.admin.token, method: 'GET' | 'POST' = 'GET', payload?: object, rest = '') =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${t.org.organization.id}/checklist-templates${rest}`,
    headers: t.org.as(token),
    ...(payload ? { payload } : {}),
  });
const split = {
  name: 'Manutenção de split',
  items: [
    { label: 'Filtros limpos', kind: 'check', required: true },
    { label: 'Pressão do gás (psi)', kind: 'number', required: true },
    { label: 'Observações', kind: 'text' },
    { label: 'Foto da condensadora', kind: 'photo', required: false },
  ],
};

async function template(name = split.name) {
  const res = await templates(t.org.admin.token, 'POST', { ...split, name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; items: Array<{ id: number; label: string }> };
}

describe('checklist templates', () => {
  it('creates with items numbered in order, lists, edits, retires; names unique among live ones', async () => {
    const tpl = await template('Preventiva mensal');
    expect(tpl.items.map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(tpl).toMatchObject({ name: 'Preventiva mensal', retired: false });
    expect((await templates(t.org.admin.token, 'POST', { ...split, name: 'preventiva MENSAL' })).json()).toEqual({
      errors: { name: [checklistMessages.nameTaken] },
    });
    const edited = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}/checklist-templates/${tpl.id}`,
      headers: t.org.as(t.org.admin.token),
      payload: { name: 'Preventiva mensal', items: [{ label: 'Só um item', kind: 'check' }] },
    });
    expect(edited.json().items).toEqual([{ id: 1, label: 'Só um item', kind: 'check', required: false }]);
    const list = (await templates(t.org.admin.token, 'GET', undefined, '?q=preventiva')).json();
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([tpl.id]);
    const retired = await t.ctx.app.inject({
      method: 'DELETE',
      url: `/api/organizations/${t.org.organization.id}/checklist-templates/${tpl.id}`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(retired.statusCode).toBe(204);
    expect((await templates(t.org.admin.token, 'GET', undefined, '?q=preventiva')).json().meta.total).toBe(0);
    expect((await templates(t.org.admin.token, 'GET', undefined, '?q=preventiva&retired=true')).json().meta.total).toBe(
      1,
    );
    // The name is free again.
    expect((await templates(t.org.admin.token, 'POST', { ...split, name: 'Preventiva mensal' })).statusCode).toBe(201);
  });

  it('422 per field: no items, an item without a label or kind; a collaborator gets 403', async () => {
    const empty = await templates(t.org.admin.token, 'POST', { name: 'Vazio', items: [] });
    expect(empty.json().errors.items).toEqual([checklistMessages.noItems]);
    const bad = await templates(t.org.admin.token, 'POST', { name: 'Ruim', items: [{ label: '', kind: 'x' }] });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['items.0.kind', 'items.0.label']);
    expect((await templates(t.org.worker.token)).statusCode).toBe(403);
  });
});

describe('checklists on an order', () => {
  it('attached by the admin, answered by the technician, required items block the completion until answered', async () => {
    const tpl = await template('Split completo');
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await t.world.moveTo(id, InvoiceState.Wip);
    const attach = await t.world.admin('POST', `/${id}/checklists`, { template: tpl.id });
    expect(attach.statusCode, attach.body).toBe(201);
    const checklistId = attach.json().id as number;
    expect((await t.world.worker('POST', `/${id}/checklists`, { template: tpl.id })).statusCode).toBe(403);

    const blocked = await t.world.worker('POST', `/${id}/complete`);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().errors.checklists).toEqual([
      checklistMessages.requiredMissing(['Split completo: Filtros limpos', 'Split completo: Pressão do gás (psi)']),
    ]);

    // A photo item takes one of this order's pictures.
    const mp = multipartFiles('attachment', [
      {
        data: await sharp({ create: { width: 40, height: 30, channels: 3, background: 'red' } })
          .jpeg()
          .toBuffer(),
        filename: 'a.jpg',
        contentType: 'image/jpeg',
      },
    ]);
    const uploaded = await t.ctx.app.inject({
      method: 'POST',
      url: t.world.url(`/${id}/attachments/pictures`),
      headers: { ...t.org.as(t.org.worker.token), ...mp.headers },
      payload: mp.payload,
    });
    const pictureId = (uploaded.json().data as Array<{ id: number }>)[0]!.id;

    const wrong = await t.world.worker('PUT', `/${id}/checklists/${checklistId}`, {
      answers: [
        { item: 2, value: 'muito' },
        { item: 4, value: 999999 },
        { item: 99, value: true },
      ],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      'answers.0.value': [checklistMessages.notANumber],
      'answers.1.value': [checklistMessages.notAPhoto],
      'answers.2.item': [checklistMessages.unknownItem],
    });

    const answered = await t.world.worker('PUT', `/${id}/checklists/${checklistId}`, {
      answers: [
        { item: 1, value: true },
        { item: 2, value: 118.5 },
        { item: 3, value: '  Dreno desobstruído  ' },
        { item: 4, value: pictureId },
      ],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().items.map((x: { value: unknown }) => x.value)).toEqual([
      true,
      118.5,
      'Dreno desobstruído',
      pictureId,
    ]);
    const listed = await t.world.worker('GET', `/${id}/checklists`);
    expect(listed.json().data).toHaveLength(1);

    // The order's PDF prints the answers in words, the photo by its place among the printed photos.
    const link = await t.world.admin('POST', `/${id}/pdf`, { showValues: false });
    const text = pdfText((await t.ctx.app.inject({ method: 'GET', url: link.json().url })).rawPayload).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('CHECKLISTS Split completo');
    expect(text).toContain('Split completo');
    expect(text).toMatch(/Filtros limpos \* Sim/);
    expect(text).toMatch(/Pressão do gás \(psi\) \* 118,5/);
    expect(text).toMatch(/Observações Dreno desobstruído/);
    expect(text).toMatch(/Foto da condensadora Foto 1/);

    expect((await t.world.worker('POST', `/${id}/complete`)).statusCode).toBe(200);
    // Closed: no more answers.
    expect(
      (await t.world.worker('PUT', `/${id}/checklists/${checklistId}`, { answers: [{ item: 3, value: 'x' }] }))
        .statusCode,
    ).toBe(409);
  });

  it('a retired template cannot be attached; another organization and a collaborator not on the order get 404', async () => {
    const tpl = await template('Para retirar');
    await t.ctx.app.inject({
      method: 'DELETE',
      url: `/api/organizations/${t.org.organization.id}/checklist-templates/${tpl.id}`,
      headers: t.org.as(t.org.admin.token),
    });
    const { id } = await t.world.createInvoice();
    const res = await t.world.admin('POST', `/${id}/checklists`, { template: tpl.id });
    expect(res.json()).toEqual({ errors: { template: [checklistMessages.templateUnavailable] } });
    expect((await t.world.worker('GET', `/${id}/checklists`)).statusCode).toBe(404);
    const other = await createOrg(t.ctx);
    const foreign = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${other.organization.id}/invoices/${id}/checklists`,
      headers: other.as(other.admin.token),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
