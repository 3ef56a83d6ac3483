import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCompany } from '../fixtures/companies.ts';
import { newCpf } from '../fixtures/identifiers.ts';
import { simpleParser } from 'mailparser';
import { messagesFor, receivedTextFor } from '../fixtures/inbox.ts';

const antes = readFileSync(fileURLToPath(new URL('../fixtures/photos/antes.jpg', import.meta.url)));
const durante = fileURLToPath(new URL('../fixtures/photos/durante.jpg', import.meta.url));
const SHOTS = '/tmp/portal-shots';

/** axe-core's serious and critical findings on the page as it is now (WCAG 2 A and AA rules). */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
}

/**
 * The portal's screens are checked here rather than in frame/accessibility.spec.ts, which has no
 * customer session: at 375 px and 1280 px each is analysed by axe and saved for a person to look at.
 */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    // A toast fading out (its id is '1') fails the contrast check half transparent: axe reads the page without it.
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
    expect(await seriousViolations(page), `${name} at ${width}`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

test("the customer's portal: the office sends the link, the customer sees a machine's history and an instalment's Pix code, asks for a visit with a photo, and the office turns it into an order", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // Arranged through the API as the demo admin: a company with a Pix key, a customer with an e-mail,
  // their machine on an open order with a photo marked visible and one instalment.
  const admin = await apiAs(request, 'admin');
  // A company with an address: the outbox's e-mails (the request's new status) go from it.
  const company = await newCompany(admin, unique('Clima Portal Ltda'), { email: 'contato@climaportal.com.br' });
  expect(
    (await admin.put(`/companies/${company.id}/pix`, { pixKey: `portal-${Date.now()}@climaportal.com.br` })).status(),
  ).toBe(200);
  const email = `${unique('portal').replace(/\s+/g, '-').toLowerCase()}@teste.com.br`;
  const customerName = unique('Marta Portal');
  const customer = await (
    await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: customerName, email })
  ).json();
  const machine = await (
    await admin.post(`/customers/${customer.id}/equipments`, {
      name: 'Split da sala',
      brand: 'LG',
      model: 'S4-Q12',
      serialNumber: 'PORTAL-1',
    })
  ).json();
  const order = await (
    await admin.post('/invoices', { company: company.id, customer: customer.id, transactionNature: 1 })
  ).json();
  expect((await admin.post(`/invoices/${order.id}/services`, { service: 4, quantity: 1 })).status()).toBe(201);
  expect((await admin.post(`/invoices/${order.id}/equipments`, { equipment: machine.id })).status()).toBe(201);
  expect((await admin.post(`/invoices/${order.id}/start`)).ok()).toBe(true);
  const upload = await request.post(`${admin.org}/invoices/${order.id}/attachments/pictures`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { attachment: { name: 'antes.jpg', mimeType: 'image/jpeg', buffer: antes } },
  });
  expect(upload.status()).toBe(201);
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (await admin.post(`/invoices/${order.id}/installments`, { count: 1, firstDueDate: due, method: 'pix' })).status(),
  ).toBe(201);

  // The office marks the photo visible on the order and sends the customer their access.
  await loginAs(page, 'admin');
  await page.goto(`/invoices/${order.id}/edit`);
  await page.getByRole('button', { name: 'Foto antes.jpg visível ao cliente' }).click();
  await expect(page.getByRole('button', { name: 'Foto antes.jpg visível ao cliente' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto(`/customers/${customer.id}/edit`);
  await page.getByRole('button', { name: 'Enviar acesso' }).click();
  await expect(page.getByText('Link de acesso enviado ao cliente por e-mail.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/office-send-access-1280.png` });

  // The customer, on a phone, opens the link from their e-mail.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const me = await phone.newPage();
  const link = new URL(/https?:\/\/\S+\/portal\/acesso\?token=\S+/.exec(await receivedTextFor(email))![0]);
  await me.goto(link.pathname + link.search);
  await expect(me).toHaveURL('/portal');
  await expect(me.getByText(`Olá, ${customerName}`)).toBeVisible();
  await expect(me.getByRole('link', { name: `Ordem de serviço nº ${order.number}` })).toBeVisible();
  await shoot(me, 'home');

  // A machine's history: the order it was on, with its visible photo.
  await me.getByRole('link', { name: 'Equipamentos' }).click();
  await shoot(me, 'machines');
  await me.getByRole('link', { name: 'Split da sala' }).click();
  await expect(me.getByRole('heading', { name: 'Split da sala' })).toBeVisible();
  await expect(me.getByText('1 foto')).toBeVisible();
  await shoot(me, 'machine-history');
  await me.getByRole('link', { name: `Ordem de serviço nº ${order.number}` }).click();
  await expect(me.getByRole('img', { name: 'antes.jpg' })).toBeVisible();
  await shoot(me, 'order');

  // The open instalment's Pix code.
  await me.getByRole('link', { name: 'Pagamentos' }).click();
  await expect(me.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(/^000201/);
  await expect(me.getByText('Em aberto')).toBeVisible();
  await shoot(me, 'payments');

  await me.getByRole('link', { name: 'Documentos' }).click();
  await expect(me.getByRole('heading', { name: 'Notas fiscais (NFS-e)' })).toBeVisible();
  await shoot(me, 'documents');
  await me.getByRole('link', { name: 'Meus dados' }).click();
  await expect(me.getByRole('button', { name: 'Baixar meus dados' })).toBeVisible();
  await shoot(me, 'my-data');

  // A visit asked for, with a photo.
  await me.getByRole('link', { name: 'Solicitar atendimento' }).click();
  await me.getByLabel('Equipamento').selectOption({ label: 'Split da sala (LG S4-Q12)' });
  const problem = unique('Pingando água na parede');
  await me.getByLabel('O que está acontecendo?').fill(problem);
  await me.getByLabel('Seg').check();
  await me.getByLabel('Manhã').check();
  await me.getByLabel(/Fotos/).setInputFiles(durante);
  await me.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(me.getByText('Pedido de atendimento enviado. A empresa vai entrar em contato.')).toBeVisible();
  const card = me.locator('[data-testid^="portal-request-"]', { hasText: problem });
  await expect(card.getByText('Recebida')).toBeVisible();
  await expect(card.getByRole('img', { name: 'durante.jpg' })).toBeVisible();
  await shoot(me, 'requests');

  // The office turns the request into an order in one step.
  await page.goto('/service-requests');
  await page.getByRole('searchbox').fill(problem);
  const row = page.getByRole('row', { name: new RegExp(problem) });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/office-requests-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/office-requests-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await row.getByRole('button', { name: /Criar ordem/ }).click();
  await page.getByLabel('Empresa').selectOption({ label: company.name });
  await page.getByLabel('Natureza da operação').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Criar ordem', exact: true }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  await page.screenshot({ path: `${SHOTS}/office-order-from-request-1280.png`, fullPage: true });

  // The customer follows it, and is told by e-mail (the outbox's job sends it).
  await me.reload();
  await expect(card.getByText('Ordem de serviço criada')).toBeVisible();
  await expect
    .poll(async () => {
      const texts = await Promise.all(messagesFor(email).map(async (f) => (await simpleParser(readFileSync(f))).text));
      return texts.find((text) => text?.includes('agora está assim: Ordem de serviço criada')) ?? '';
    })
    .toMatch(/^Olá, Marta! .*\/portal\/atendimento\?org=\d+ com o seu e-mail ou celular\.$/s);

  // 'Sair' ends the session: the page asks for a new link.
  await me.getByRole('button', { name: 'Sair' }).click();
  await expect(me).toHaveURL(/\/portal\/entrar\?org=\d+/);
  const org = new URL(me.url()).searchParams.get('org');
  await expect(me.getByRole('button', { name: 'Quero acessar' })).toBeVisible();
  await shoot(me, 'sign-in');
  // The link asked by the mobile (WhatsApp): the same answer whether or not the number is a customer's.
  await me.getByLabel('ou o seu celular (WhatsApp)').fill('(11) 98765-4321');
  await me.getByRole('button', { name: 'Quero acessar' }).click();
  await expect(me.getByRole('status')).toHaveText(/^Se este contato estiver cadastrado, enviamos um link de acesso/);
  await me.goto(link.pathname + link.search);
  await expect(me.getByText('Este link de acesso expirou ou já foi usado. Peça um novo.')).toBeVisible();
  // A new customer asks on the public form, with a photo; the office sees it on the request.
  await me.goto(`/portal/solicitar?org=${org}`);
  await expect(me.getByRole('heading', { name: 'Solicitar atendimento' })).toBeVisible();
  const publicProblem = unique('Mancha de água no teto');
  await me.getByLabel('Seu nome').fill(unique('Nova Cliente'));
  await me.getByLabel('E-mail').fill(`${unique('nova').replace(/\s+/g, '-').toLowerCase()}@teste.com.br`);
  await me.getByLabel('O que está acontecendo?').fill(publicProblem);
  await me.getByLabel(/Fotos/).setInputFiles({ name: 'teto.jpg', mimeType: 'image/jpeg', buffer: antes });
  await shoot(me, 'public-request');
  // The server hears a form only once it has been open a few seconds (a person's pace).
  await me.waitForTimeout(3_000);
  await me.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(me.getByRole('status')).toHaveText('Pedido de atendimento enviado. A empresa vai entrar em contato.');
  await shoot(me, 'public-request-sent');
  await page.goto('/service-requests');
  await page.getByRole('searchbox').fill(publicProblem);
  const publicRow = page.getByRole('row', { name: new RegExp(publicProblem) });
  await expect(publicRow.getByRole('img', { name: 'teto.jpg' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/office-public-request-1280.png`, fullPage: true });
  await phone.close();
});
