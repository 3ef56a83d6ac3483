import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';

const WORKER_ID = 2; // tecnico@demo.com.br in the demo data

// The first screen after a login loads the app's code; on a loaded machine that took past the 7 s a
// locator waits by default, so the first look at each screen waits longer.
const FIRST_LOAD = { timeout: 30_000 };

/**
 * The technician's orders for one new customer, arranged through the API (the list is then searched
 * by that customer, so other tests' orders do not mix in). sooner and later are open; done
 * (Completed) and paid are scheduled before them and must stay hidden by default.
 */
async function arrange(request: APIRequestContext) {
  const admin = await apiAs(request, 'admin');
  const customerName = unique('Cliente da Visita');
  const customer = await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: customerName, phone: '11987654321' })
  ).json();
  const equipment = unique('Split Sala');
  await admin.post(`/customers/${customer.id}/equipments`, {
    name: equipment,
    brand: 'LG',
    model: 'Dual',
    serialNumber: unique('SN'),
  });
  const make = async (scheduledAt: string, steps: string[], paid = false) => {
    const order = await (
      await admin.post('/invoices', { company: 1, customer: customer.id, transactionNature: 1 })
    ).json();
    expect((await admin.post(`/invoices/${order.id}/workers`, { worker: WORKER_ID })).status()).toBe(201);
    expect(
      (await admin.post(`/invoices/${order.id}/visit`, { scheduledAt, reportedProblem: 'Não gela' })).status(),
    ).toBe(200);
    for (const step of steps) expect((await admin.post(`/invoices/${order.id}${step}`)).ok()).toBe(true);
    if (paid) expect((await admin.post(`/invoices/${order.id}/pay`, { date: '2026-11-24' })).ok()).toBe(true);
    return order as { id: number; number: number };
  };
  const later = await make('2026-12-03T09:00:00-03:00', ['/todo']);
  const sooner = await make('2026-12-02T14:00:00-03:00', ['/todo']);
  const done = await make('2026-12-01T08:00:00-03:00', ['/start', '/complete']);
  const paid = await make('2026-12-01T07:00:00-03:00', ['/start'], true);
  const available = (await (await admin.get(`/invoices/${sooner.id}/equipments/available`)).json()).data;
  const mine = available.find((e: { name: string }) => e.name === equipment);
  expect((await admin.post(`/invoices/${sooner.id}/equipments`, { equipment: mine.id })).status()).toBe(201);
  return { customerName, equipment, later, sooner, done, paid };
}

const rowLink = (page: Page, n: number) => page.getByRole('link', { name: `Ordem de serviço ${n}`, exact: true });

for (const [label, viewport] of [
  ['phone', { width: 375, height: 812 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`technician's day (${label})`, () => {
    test.use({ viewport });

    test('list by schedule with closed and paid orders hidden; the order opens on the visit', async ({
      page,
      request,
    }) => {
      const o = await arrange(request);
      await loginAs(page, 'worker');
      await page.goto('/invoices');
      await expect(page.getByRole('heading', { name: 'Ordens de Serviço' })).toBeVisible(FIRST_LOAD);
      await page.getByRole('button', { name: /Filtros/ }).click();
      await page.getByLabel('Pesquisar').fill(o.customerName);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await expect(rowLink(page, o.sooner.number)).toBeVisible(FIRST_LOAD);
      // Soonest first: sooner, then later; the completed and the paid are not there.
      // Retried until the filtered answer is on screen (the unfiltered list may already hold 'sooner').
      await expect(page.getByRole('link', { name: /^Ordem de serviço \d+$/ })).toHaveText([
        String(o.sooner.number),
        String(o.later.number),
      ]);
      await expect(rowLink(page, o.done.number)).toHaveCount(0);
      await expect(rowLink(page, o.paid.number)).toHaveCount(0);
      await expect(page.getByRole('columnheader', { name: 'Agendada' })).toBeVisible();

      // 'Mostrar todas' brings them back, still by schedule.
      await page.getByRole('button', { name: 'Mostrar todas' }).click();
      await expect(rowLink(page, o.done.number)).toBeVisible();
      await expect(page.getByRole('link', { name: /^Ordem de serviço \d+$/ })).toHaveText(
        [o.paid, o.done, o.sooner, o.later].map((x) => String(x.number)),
      );

      // The order starts with the visit, then the equipment; the office's data is folded away.
      await page.goto(`/invoices/${o.sooner.id}/edit`);
      const visit = page.getByRole('region', { name: 'Atendimento' });
      await expect(visit).toContainText(o.customerName, FIRST_LOAD);
      await expect(visit).toContainText('Não gela');
      await expect(visit.getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute('href', 'tel:+5511987654321');
      const equipment = page.getByRole('region', { name: 'Equipamentos' });
      await expect(equipment).toContainText(o.equipment);
      await expect(page.getByRole('region', { name: 'Dados' })).toHaveCount(0);
      const top = async (l: ReturnType<Page['getByRole']>) => (await l.boundingBox())!.y;
      if (label === 'phone') {
        expect(await top(visit)).toBeLessThan(await top(equipment));
        expect(await top(equipment)).toBeLessThan(await top(page.getByRole('region', { name: 'Serviços' })));
      }
      // On a desktop the visit heads the right column, the equipment the left one: both at the top.
      else expect(Math.abs((await top(visit)) - (await top(equipment)))).toBeLessThan(5);
      await page.getByRole('button', { name: /Dados do escritório/ }).click();
      await expect(page.getByRole('region', { name: 'Dados' })).toContainText('Natureza da Operação');
    });
  });
}

test.describe("technician's menu on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('closes once a link is tapped', async ({ page }) => {
    await loginAs(page, 'worker');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bem-vindo' })).toBeVisible(FIRST_LOAD);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    const link = nav.getByRole('link', { name: 'Ordens de Serviço' });
    await expect(link).toBeHidden();
    await nav.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole('heading', { name: 'Ordens de Serviço' })).toBeVisible();
    await expect(link).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');
    // The same link again (no page change) closes it too.
    await nav.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(link).toBeVisible();
    await link.click();
    await expect(link).toBeHidden();
  });
});
