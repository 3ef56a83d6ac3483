import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

// Two people (two browsers) on one order: the second save, made on what it loaded before the first,
// gets the conflict screen, and the first person's changes stay.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/conc/shots';

async function openOrder(browser: Browser, width: number, id: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 576 ? 812 : 900 } });
  const page = await context.newPage();
  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);
  await expect(page.getByTestId('visit')).toContainText('Texto original');
  return page;
}

const visitCard = (page: Page) => page.getByRole('region', { name: 'Atendimento' });

async function openVisitDialog(page: Page) {
  await visitCard(page).getByRole('button', { name: 'Alterar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar atendimento' });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const [width, ending] of [
  [1280, 'keep'],
  [375, 'reload'],
] as const) {
  test(`${width} px: the second save gets the conflict screen and the first one's changes stay (${ending})`, async ({
    browser,
    request,
  }) => {
    const order = await startedOrder(request, { label: 'Cliente Conflito' });
    const visit = await order.admin.post(`/invoices/${order.id}/visit`, {
      reportedProblem: 'Texto original',
      scheduledAt: '2026-12-10T18:30:00-03:00',
    });
    expect(visit.status()).toBe(200);

    const a = await openOrder(browser, width, order.id);
    const b = await openOrder(browser, width, order.id);
    // B opens the dialog first: it works on the order as it was.
    const bDialog = await openVisitDialog(b);

    // A writes a new problem and moves the visit to 19:30.
    const aDialog = await openVisitDialog(a);
    await aDialog.getByLabel('Problema relatado').fill('Texto de A');
    await aDialog.getByLabel('Hora').fill('19:30');
    await aDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(a.getByText('Atendimento registrado com sucesso')).toBeVisible();
    await expect(visitCard(a)).toContainText(/10\/12\/2026,? 19:30/);

    // B changes only the problem and saves: refused, and shown as a conflict.
    await bDialog.getByLabel('Problema relatado').fill('Texto de B');
    await bDialog.getByRole('button', { name: 'Salvar' }).click();
    const conflict = b.getByRole('dialog', { name: 'Registro alterado por outra pessoa' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('Este registro foi alterado por outra pessoa');
    await expect(conflict).toContainText('Salvo por outra pessoa: Texto de A');
    await expect(conflict).toContainText('O seu: Texto de B');
    mkdirSync(SHOTS, { recursive: true });
    await b.screenshot({ path: `${SHOTS}/conflict-${width}.png` });

    if (ending === 'keep') {
      // B keeps its text: written on the new version, and the visit stays where A moved it.
      await conflict.getByRole('button', { name: 'Salvar minhas escolhas' }).click();
      await expect(b.getByText('Atendimento registrado com sucesso')).toBeVisible();
      await expect(visitCard(b)).toContainText('Texto de B');
      await expect(visitCard(b)).toContainText(/10\/12\/2026,? 19:30/);
    } else {
      // 'Recarregar': B sees the order as A saved it, and nothing of B's was written.
      await conflict.getByRole('button', { name: 'Recarregar' }).click();
      await expect(conflict).toBeHidden();
      await expect(visitCard(b)).toContainText('Texto de A');
      await expect(visitCard(b)).toContainText(/10\/12\/2026,? 19:30/);
    }
    const saved = await (await order.admin.get(`/invoices/${order.id}`)).json();
    expect(saved.scheduledAt).toBe('2026-12-10T22:30:00.000Z');
    expect(saved.reportedProblem).toBe(ending === 'keep' ? 'Texto de B' : 'Texto de A');
    await a.context().close();
    await b.context().close();
  });
}

test('a state change from a stale screen: refused when the order moved meanwhile, made when only a line came', async ({
  browser,
  request,
}) => {
  const order = await startedOrder(request, { label: 'Cliente Conflito de Status' });
  const a = await openOrderAt(browser, order.id);
  const b = await openOrderAt(browser, order.id);
  const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Ações da ordem de serviço' });

  // Someone adds a line through the API: B's screen is a version behind, the state the same, so B's
  // change is made (again, on the version now) without a word.
  const before = (await (await order.admin.get(`/invoices/${order.id}`)).json()).version;
  expect((await order.admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 1 })).status()).toBe(201);
  expect((await (await order.admin.get(`/invoices/${order.id}`)).json()).version).toBeGreaterThan(before);
  await toolbar(b).getByRole('button', { name: 'Bloquear' }).click();
  const reason = b.getByRole('dialog', { name: 'Bloquear Ordem de Serviço' });
  await reason.getByLabel('Motivo').selectOption({ label: 'Aguardando peça' });
  await reason.getByRole('button', { name: 'Bloquear' }).click();
  await expect(b.getByTestId('status-badge')).toHaveText('Aguardando peça');

  // B reopens it and marks it 'Não Iniciado'. A's screen still shows 'Em Andamento': A blocks it —
  // allowed from where A thinks it is and from where it is, yet made on an order that moved: refused,
  // said so, and the order stays as B left it.
  await toolbar(b).getByRole('button', { name: 'Reabrir' }).click();
  await b.getByRole('dialog').getByRole('button', { name: 'Reabrir' }).click();
  await expect(b.getByTestId('status-badge')).toHaveText('Em Andamento');
  await toolbar(b).getByRole('button', { name: 'Marcar como Não Iniciado' }).click();
  await b.getByRole('dialog').getByRole('button', { name: 'Marcar como Não Iniciado' }).click();
  await expect(b.getByTestId('status-badge')).toHaveText('Não Iniciado');

  await expect(a.getByTestId('status-badge')).toHaveText('Em Andamento');
  await toolbar(a).getByRole('button', { name: 'Bloquear' }).click();
  const aReason = a.getByRole('dialog', { name: 'Bloquear Ordem de Serviço' });
  await aReason.getByLabel('Motivo').selectOption({ label: 'Aguardando peça' });
  await aReason.getByRole('button', { name: 'Bloquear' }).click();
  await expect(a.getByText('Este registro foi alterado por outra pessoa')).toBeVisible();
  // The screen reads the order again and shows where it is.
  await expect(a.getByTestId('status-badge')).toHaveText('Não Iniciado');
  expect((await (await order.admin.get(`/invoices/${order.id}`)).json()).statusLabel).toBe('Não Iniciado');
  await a.context().close();
  await b.context().close();
});

async function openOrderAt(browser: Browser, id: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, 'admin');
  await page.goto(`/invoices/${id}/edit`);
  await expect(page.getByTestId('status-badge')).toHaveText('Em Andamento');
  return page;
}
