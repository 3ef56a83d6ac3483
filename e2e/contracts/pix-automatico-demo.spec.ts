import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { askPixAutomatico } from '../fixtures/contracts.ts';
import { newCpf } from '../fixtures/identifiers.ts';

// The demo: its company is connected to the PSP the server runs in its own process, so an admin can play
// the customer's answer to 'Pedir autorização' ('Simular aprovação') and see the authorization turn
// 'Aprovada', learnt through the webhook as from a real PSP.

/** A day in São Paulo, `days` from today. */
const dayIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
const shots = '/tmp/pixauto-shots';

test("the demo: 'Simular aprovação' plays the customer's answer and the card shows the authorization 'Aprovada'", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Arrange: a contract of the demo company for a customer with a CPF (not the behaviour under test).
  const admin = await apiAs(request, 'admin');
  const companies = (await (
    await admin.get('/companies?q=Demo%20Refrigera%C3%A7%C3%A3o%20e%20Climatiza%C3%A7%C3%A3o')
  ).json()) as { data: Array<{ id: number }> };
  const customer = await admin.post('/customers', {
    type: 2,
    identifier: newCpf().raw,
    name: unique('Condomínio Demonstração'),
  });
  expect(customer.status()).toBe(201);
  const due = dayIn(6);
  const made = await admin.post('/contracts', {
    company: companies.data[0]!.id,
    customer: ((await customer.json()) as { id: number }).id,
    amount: 290,
    billingDay: Number(due.slice(8)),
    startDate: dayIn(0),
  });
  expect(made.status(), await made.text()).toBe(201);
  const contract = (await made.json()) as { id: number };

  await loginAs(page, 'admin');
  await page.goto(`/contracts/${contract.id}`);
  const card = await askPixAutomatico(page);

  // Once the Pix job has sent it to the demo's PSP, the admin can answer in the customer's place.
  const approve = card.getByRole('button', { name: 'Simular aprovação' });
  await expect(approve).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('button', { name: 'Simular recusa' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/pix-automatico-demo-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/pix-automatico-demo-375.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  await approve.click();
  await expect(card.getByText('Aprovada', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(approve).toBeHidden();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/pix-automatico-demo-approved-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/pix-automatico-demo-approved-375.png` });
});
