import type { Page } from '@playwright/test';
import { apiAs, apiLogin, expect, loginAs, test, unique, users, type Api } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { connectedCompany, e2ePspUrl } from '../fixtures/pix-psp.ts';
import { clockFile, moveClock } from '../fixtures/clock.ts';
import { askPixAutomatico } from '../fixtures/contracts.ts';

// A contract's months, with the wall clock of every process of the run moved forward (the @moved-clock
// step of scripts/test.mjs, under `scripts/test-at.mjs --movable`): a contract is created; the clock moves
// to its first billing day and its period bills itself — the order, the instalment and its Pix charge at
// the PSP (the stand-in); the customer authorizes Pix Automático in the bank app (the stand-in); the clock
// moves into the next period's window, its recurring charge is scheduled, and on its day the period bills
// itself and the debit pays it, with no one doing anything.

/** A day in São Paulo, `days` from now (the moved clock's now). */
const dayIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
const daysUntil = (iso: string) =>
  Math.round((Date.parse(`${iso}T12:00:00Z`) - Date.parse(`${dayIn(0)}T12:00:00Z`)) / 86_400_000);
const br = (iso: string) => iso.split('-').toReversed().join('/');
const shots = '/tmp/pixauto-shots';

type Period = { date: string; invoiceId: number; paid: boolean };
/** The tab's session again after the clock moved past the old one's expiry (loginAs works once per tab). */
async function loginAgain(page: Page) {
  const token = await apiLogin(page.request, users.admin);
  await page.evaluate((t) => {
    sessionStorage.removeItem('e2e-logged-out');
    localStorage.setItem('jwt', t);
  }, token);
}

async function periodsOf(admin: Api, id: number) {
  const res = await admin.get(`/contracts/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { periods: Period[] }).periods;
}

test.describe('a contract’s months, the clock moved', { tag: '@moved-clock' }, () => {
  test('created; a month later its period, instalment and Pix charge appear; authorized, the next period is debited by itself', async ({
    page,
    request,
  }) => {
    test.skip(!clockFile(), 'needs the movable clock: the @moved-clock step of npm test');
    test.setTimeout(180_000);
    // Arrange: a company connected to the stand-in PSP and a customer with a CPF (not the behaviour under test).
    let admin = await apiAs(request, 'admin');
    const company = await connectedCompany(admin, {
      name: unique('Clima Mensal Ltda'),
      pixKey: `caixa-${Date.now()}@climamensal.com.br`,
    });
    const customer = await admin.post('/customers', {
      type: 2,
      identifier: newCpf().raw,
      name: unique('Condomínio Mensal'),
    });
    expect(customer.status()).toBe(201);

    // A contract from today, billed on the day of the month a month from now.
    const made = await admin.post('/contracts', {
      company: company.id,
      customer: ((await customer.json()) as { id: number }).id,
      amount: 380,
      billingDay: Number(dayIn(30).slice(8)),
      startDate: dayIn(0),
      readjustmentIndex: null,
    });
    expect(made.status(), await made.text()).toBe(201);
    const contract = (await made.json()) as { id: number; nextBillingDate: string };
    const first = contract.nextBillingDate;
    expect(daysUntil(first)).toBeGreaterThan(20);
    expect(await periodsOf(admin, contract.id)).toEqual([]);

    // The clock moves to its first billing day: the period bills itself, with its instalment and its Pix charge.
    await moveClock(daysUntil(first));
    admin = await apiAs(request, 'admin');
    await expect.poll(async () => (await periodsOf(admin, contract.id)).length, { timeout: 30_000 }).toBe(1);
    const [period] = await periodsOf(admin, contract.id);
    expect(period!.date).toBe(first);
    await expect
      .poll(
        async () => {
          const charge = (await (await admin.get(`/invoices/${period!.invoiceId}/pix-charge`)).json()) as {
            installments: Array<{ dueDate: string; status: string }>;
          };
          return charge.installments.map((x) => `${x.dueDate} ${x.status}`);
        },
        { timeout: 30_000 },
      )
      .toEqual([`${first} ATIVA`]);
    await loginAs(page, 'admin');
    await page.goto(`/contracts/${contract.id}`);
    const charges = page.getByRole('region', { name: 'Cobranças', exact: true });
    await expect(charges.getByText(br(first))).toBeVisible();
    await expect(charges.getByText('Em aberto')).toBeVisible();

    // The customer authorizes Pix Automático in the bank app (the stand-in), which tells the webhook.
    const card = await askPixAutomatico(page);
    const read = async () =>
      (await (await admin.get(`/contracts/${contract.id}/pix-automatico`)).json()) as {
        recurrence: { idRec: string | null; pspStatus: string; firstDate: string };
        charges: Array<{ txid: string; periodDate: string }>;
      };
    await expect.poll(async () => (await read()).recurrence.pspStatus, { timeout: 20_000 }).toBe('CRIADA');
    const { idRec, firstDate: next } = (await read()).recurrence;
    expect(next > first).toBe(true);
    expect((await request.post(`${e2ePspUrl()}/simulate/rec/${idRec}/approve`)).status()).toBe(200);
    await expect(card.getByText('Aprovada', { exact: true })).toBeVisible({ timeout: 20_000 });

    // Three days before the next period: its recurring charge goes to the PSP by itself.
    await moveClock(daysUntil(next) - 3);
    admin = await apiAs(request, 'admin');
    await expect.poll(async () => (await read()).charges.map((c) => c.periodDate), { timeout: 30_000 }).toEqual([next]);
    const { txid } = (await read()).charges[0]!;
    await loginAgain(page);
    await page.goto(`/contracts/${contract.id}`);
    await expect(card.getByText(`Débito agendado para ${br(next)}`)).toBeVisible({ timeout: 20_000 });
    await card.screenshot({ path: `${shots}/pix-automatico-card-1280.png` });

    // Its day: the period bills itself, the payer's PSP debits it (the stand-in) and tells the webhook.
    await moveClock(3);
    admin = await apiAs(request, 'admin');
    await expect.poll(async () => (await periodsOf(admin, contract.id)).length, { timeout: 30_000 }).toBe(2);
    expect((await request.post(`${e2ePspUrl()}/simulate/cobr/${txid}/pay`)).status()).toBe(200);
    await expect
      .poll(async () => (await periodsOf(admin, contract.id)).find((p) => p.date === next)?.paid, { timeout: 30_000 })
      .toBe(true);
    await loginAgain(page);
    await page.goto(`/contracts/${contract.id}`);
    await expect(card.getByText('Paga', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(charges.getByText(br(next))).toBeVisible();
    await expect(charges.getByText('Recebida')).toBeVisible();
    // Nobody paid the first period: it is still open.
    await expect(charges.getByText('Em aberto')).toBeVisible();
    await card.screenshot({ path: `${shots}/pix-automatico-paid-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${shots}/pix-automatico-paid-375.png` });
  });
});
