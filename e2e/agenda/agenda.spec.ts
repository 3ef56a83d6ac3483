import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;

/** A new technician, so the lanes compared here are nobody else's. */
async function technician(request: import('@playwright/test').APIRequestContext, admin: Api, name: string) {
  const email = `${unique('agenda').replace(/\s+/g, '-').toLowerCase()}@teste.com.br`;
  const res = await request.post(`/api/admin${admin.org.replace('/api', '')}/users`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name, role: 'ROLE_USER', email, plainPassword: 'senha-da-agenda' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** An order with a visit at `scheduledAt` and the technician on it. */
async function order(admin: Api, scheduledAt: string | null, workerId?: number) {
  const created = await admin.post('/invoices', { company: 1, customer: 1, transactionNature: 1 });
  expect(created.status()).toBe(201);
  const { id, number } = (await created.json()) as { id: number; number: number };
  if (scheduledAt) expect((await admin.post(`/invoices/${id}/visit`, { scheduledAt })).status()).toBe(200);
  if (workerId) expect((await admin.post(`/invoices/${id}/workers`, { worker: workerId })).status()).toBe(201);
  return { id, number };
}

const visitsOf = async (admin: Api, from: string, to: string) =>
  (
    (await (await admin.get(`/agenda?from=${from}&to=${to}`)).json()) as {
      data: Array<{ invoiceId: number; scheduledAt: string; workers: Array<{ id: number }> }>;
    }
  ).data;

test('week view: drag a visit to another technician and day; it keeps its time', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const ana = await technician(request, admin, unique('Ana Agenda'));
  const bruno = await technician(request, admin, unique('Bruno Agenda'));
  // Wednesday 2031-01-15, 09:00 in São Paulo.
  const visit = await order(admin, '2031-01-15T09:00:00-03:00', ana.id);

  await loginAs(page, 'admin');
  await page.goto('/agenda');
  await page.locator('label[for="agenda-view-week"]').click();
  await expect(page.getByRole('radio', { name: 'Semana' })).toBeChecked();
  await page.getByLabel('Ir para a data').fill('2031-01-15');
  const card = page.getByTestId(`agenda-visit-${visit.id}`);
  await expect(
    page.getByTestId(`agenda-cell-${ana.id}-2031-01-15`).getByTestId(`agenda-visit-${visit.id}`),
  ).toBeVisible();
  await expect(card).toContainText(`09:00–10:00 · OS ${visit.number}`);

  await card.dragTo(page.getByTestId(`agenda-cell-${bruno.id}-2031-01-17`));
  await expect(page.getByText('Visita reagendada')).toBeVisible();
  await expect(
    page.getByTestId(`agenda-cell-${bruno.id}-2031-01-17`).getByTestId(`agenda-visit-${visit.id}`),
  ).toBeVisible();
  await expect(
    page.getByTestId(`agenda-cell-${ana.id}-2031-01-15`).getByTestId(`agenda-visit-${visit.id}`),
  ).toHaveCount(0);

  const [moved] = (await visitsOf(admin, '2031-01-13', '2031-01-19')).filter((v) => v.invoiceId === visit.id);
  expect(moved).toMatchObject({ scheduledAt: '2031-01-17T12:00:00.000Z', workers: [{ id: bruno.id }] });
});

test('day view: an order from "Sem agendamento" dropped on a technician gets that time; an overlap is warned', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const carla = await technician(request, admin, unique('Carla Agenda'));
  const busy = await order(admin, '2031-02-04T10:00:00-03:00', carla.id);
  const waiting = await order(admin, null);

  await loginAs(page, 'admin');
  await page.goto('/agenda');
  await page.getByLabel('Ir para a data').fill('2031-02-04');
  await expect(page.getByTestId(`agenda-visit-${busy.id}`)).toBeVisible();
  await page.getByPlaceholder('Nº da OS ou cliente').fill(String(waiting.number));
  const pending = page.getByTestId(`agenda-unscheduled-${waiting.id}`);
  await expect(pending).toBeVisible();
  // Scrolled down to the evening hours, the list is still in reach.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.locator('.agenda-hour', { hasText: '21:00' })).toBeInViewport();
  await expect(pending).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));

  // The lane starts at 06:00, an hour is 60 px: 4 h 15 min down is 10:15, inside Carla's 10:00 visit.
  const lane = page.getByTestId(`agenda-lane-${carla.id}`);
  await pending.dragTo(lane, { targetPosition: { x: 40, y: 4 * 60 + 15 } });
  await expect(page.getByText(/Atenção: a visita coincide com outra de/)).toBeVisible();
  await expect(lane.getByTestId(`agenda-visit-${waiting.id}`)).toContainText('10:15–11:15');
  await expect(page.getByTestId(`agenda-unscheduled-${waiting.id}`)).toHaveCount(0);
});

test('a collaborator has no agenda screen', async ({ page }) => {
  await loginAs(page, 'worker');
  await page.goto('/agenda');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
});

test.describe("the technician's day on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("home lists today's visits in time order with maps, Waze and a call button", async ({ page, request }) => {
    const admin = await apiAs(request, 'admin');
    const worker = await apiAs(request, 'worker');
    const me = (await (
      await request.get('/api/me', { headers: { authorization: `Bearer ${worker.token}` } })
    ).json()) as {
      id: number;
    };
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const customer = (await (
      await admin.post('/customers', {
        type: 2,
        identifier: newCpf().raw,
        name: unique('Cliente do Dia'),
        phone: '11987654321',
      })
    ).json()) as { id: number; name: string };
    const address = (await (
      await admin.post(`/customers/${customer.id}/addresses`, {
        address: 'Avenida Paulista',
        number: 1000,
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01310100',
      })
    ).json()) as { id: number };
    const make = async (time: string) => {
      const { id } = (await (
        await admin.post('/invoices', { company: 1, customer: customer.id, transactionNature: 1 })
      ).json()) as { id: number };
      expect(
        (
          await admin.post(`/invoices/${id}/visit`, { scheduledAt: `${day}T${time}:00-03:00`, address: address.id })
        ).status(),
      ).toBe(200);
      expect((await admin.post(`/invoices/${id}/workers`, { worker: me.id })).status()).toBe(201);
      return id;
    };
    const late = await make('23:00');
    const early = await make('00:15');

    await loginAs(page, 'worker');
    await page.goto('/');
    const list = page.getByTestId('today-visits');
    await expect(list.getByTestId(`today-visit-${early}`)).toBeVisible();
    const ids = await list
      .locator('[data-testid^="today-visit-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(ids.indexOf(`today-visit-${early}`)).toBeLessThan(ids.indexOf(`today-visit-${late}`));
    const card = list.getByTestId(`today-visit-${early}`);
    await expect(card).toContainText('00:15–01:15');
    await expect(card).toContainText('Avenida Paulista, 1000 - Bela Vista - São Paulo/SP');
    await expect(card.getByRole('link', { name: 'Google Maps' })).toHaveAttribute(
      'href',
      /google\.com\/maps\/search\/\?api=1&query=Avenida%20Paulista/,
    );
    await expect(card.getByRole('link', { name: 'Waze' })).toHaveAttribute(
      'href',
      /waze\.com\/ul\?q=Avenida%20Paulista.*navigate=yes/,
    );
    await expect(card.getByRole('link', { name: /Ligar/ })).toHaveAttribute('href', 'tel:+5511987654321');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('the order list filters by the visit date and then shows when each visit is', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const inside = await order(admin, '2031-03-12T14:00:00-03:00');
  const outside = await order(admin, '2031-03-14T09:00:00-03:00');

  await loginAs(page, 'admin');
  await page.goto('/invoices');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('De', { exact: true }).fill('12/03/2031');
  await page.getByLabel('Até', { exact: true }).fill('13/03/2031');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Ordem de serviço ${inside.number}` }) });
  await expect(row).toContainText('12/03/2031');
  await expect(row).toContainText('14:00');
  await expect(page.getByRole('columnheader', { name: 'Agendada' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Ordem de serviço ${outside.number}` })).toHaveCount(0);
  await expect(page).toHaveURL(/scheduledFrom=2031-03-12/);
});
