import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { connectedCompany, e2ePspUrl } from '../fixtures/pix-psp.ts';
import { clockFile, moveClock } from '../fixtures/clock.ts';

// Pix Automático on a contract, against the stand-in PSP: 'Pedir autorização', the customer approves in
// the bank app (the stand-in), the card shows 'Aprovada' and the next period's recurring charge scheduled;
// then the clock moves to that period's day (a run under `node scripts/test-at.mjs --movable`): the
// period bills itself and the debit pays it, with no one doing anything.

/** A day in São Paulo, `days` from today. */
const dayIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
const br = (iso: string) => iso.split('-').toReversed().join('/');
const shots = '/tmp/pixauto-shots';

const shared = { contractId: 0, due: '', txid: '' };

test.describe('Pix Automático on a contract, the clock moved', { tag: '@moved-clock' }, () => {
  test.describe.configure({ mode: 'serial' });

  test("'Pedir autorização' on a contract: the customer approves at the PSP and the card shows it, with the next debit scheduled", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Arrange: a company connected to the stand-in PSP, a customer with a CPF, a contract whose next period
    // is three days ahead (inside the window of its recurring charge). Not the behaviour under test.
    const admin = await apiAs(request, 'admin');
    const company = await connectedCompany(admin, {
      name: unique('Clima Automático Ltda'),
      pixKey: `caixa-${Date.now()}@climaautomatico.com.br`,
    });
    const customerName = unique('Condomínio Automático');
    const customer = await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: customerName });
    expect(customer.status()).toBe(201);
    shared.due = dayIn(3);
    const made = await admin.post('/contracts', {
      company: company.id,
      customer: ((await customer.json()) as { id: number }).id,
      amount: 380,
      billingDay: Number(shared.due.slice(8)),
      startDate: dayIn(0),
    });
    expect(made.status(), await made.text()).toBe(201);
    const contract = (await made.json()) as { id: number; nextBillingDate: string };
    expect(contract.nextBillingDate).toBe(shared.due);
    shared.contractId = contract.id;

    await loginAs(page, 'admin');
    await page.goto(`/contracts/${contract.id}`);
    const card = page.getByRole('region', { name: 'Pix Automático' });
    await card.getByRole('button', { name: 'Pedir autorização' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pedir autorização do Pix Automático' });
    const payer = dialog.getByRole('group', { name: 'Conta do cliente' });
    const receiver = dialog.getByRole('group', { name: 'Conta da empresa que recebe' });
    await payer.getByLabel('ISPB do banco').fill('123');
    await payer.getByLabel('Agência').fill('0001');
    await payer.getByLabel('Conta', { exact: true }).fill('123456');
    await receiver.getByLabel('Agência').fill('4321');
    await receiver.getByLabel('Conta', { exact: true }).fill('998877');
    await dialog.getByRole('button', { name: 'Pedir autorização' }).click();
    await expect(payer.getByText('Informe o ISPB do banco do cliente (8 dígitos)')).toBeVisible();
    await page.screenshot({ path: `${shots}/pix-automatico-dialog-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${shots}/pix-automatico-dialog-375.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await payer.getByLabel('ISPB do banco').fill('00000000');
    await dialog.getByRole('button', { name: 'Pedir autorização' }).click();
    await expect(
      page.getByText('Autorização pedida: o cliente recebe o pedido no aplicativo do banco dele'),
    ).toBeVisible();
    await expect(card.getByText('Aguardando o cliente')).toBeVisible();

    // The Pix job sends it to the PSP; the customer approves it in the bank app (the stand-in), which tells the webhook.
    const read = async () =>
      (await (await admin.get(`/contracts/${contract.id}/pix-automatico`)).json()) as {
        recurrence: { idRec: string | null; pspStatus: string };
        charges: Array<{ txid: string; status: string }>;
      };
    await expect.poll(async () => (await read()).recurrence.pspStatus, { timeout: 20_000 }).toBe('CRIADA');
    const { idRec } = (await read()).recurrence;
    expect((await request.post(`${e2ePspUrl()}/simulate/rec/${idRec}/approve`)).status()).toBe(200);
    await expect(card.getByText('Aprovada', { exact: true })).toBeVisible({ timeout: 20_000 });
    // The next period's recurring charge goes to the PSP by itself, three days before its due date.
    await expect(card.getByText(`Débito agendado para ${br(shared.due)}`)).toBeVisible({ timeout: 20_000 });
    shared.txid = (await read()).charges[0]!.txid;
    await card.screenshot({ path: `${shots}/pix-automatico-card-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${shots}/pix-automatico-card-375.png` });
  });

  test('the clock moves to the period’s day: it bills itself and the recurring charge pays it', async ({
    page,
    request,
  }) => {
    test.skip(!clockFile(), 'needs the movable clock: node scripts/test-at.mjs --movable <now> <playwright command>');
    test.setTimeout(120_000);
    expect(shared.txid).not.toBe('');
    await moveClock(3);
    // The payer's PSP debits it on the due date (the stand-in), and tells the webhook.
    const admin = await apiAs(request, 'admin');
    await expect
      .poll(
        async () => {
          const c = (await (await admin.get(`/contracts/${shared.contractId}`)).json()) as { periods: unknown[] };
          return c.periods.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect((await request.post(`${e2ePspUrl()}/simulate/cobr/${shared.txid}/pay`)).status()).toBe(200);
    await loginAs(page, 'admin');
    await page.goto(`/contracts/${shared.contractId}`);
    const card = page.getByRole('region', { name: 'Pix Automático' });
    await expect(card.getByText('Paga', { exact: true })).toBeVisible({ timeout: 30_000 });
    const charges = page.getByRole('region', { name: 'Cobranças', exact: true });
    await expect(async () => {
      await page.reload();
      await expect(charges.getByText('Recebida')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(charges.getByText(br(shared.due))).toBeVisible();
    await card.screenshot({ path: `${shots}/pix-automatico-paid-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${shots}/pix-automatico-paid-375.png` });
  });
});
