import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, unique, users, DEMO_PASSWORD, type Api } from '../fixtures/index.ts';
import { newOrder, startedOrder } from '../fixtures/orders.ts';
import { drawWithFinger } from '../fixtures/signing.ts';

// The technician without signal, on a 390-px phone: the app installed by its service worker, what was
// read online opening offline, and what is done offline sent once when the network returns.

const photos = join(import.meta.dirname, '..', 'fixtures', 'photos');
const SHOTS = process.env.OFFLINE_SHOTS;
const FIRST_LOAD = { timeout: 30_000 };

/** A 390-px screenshot for looking at (OFFLINE_SHOTS=dir), once the toasts over the header are gone. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'allow' });
// Reloads, a service worker installing and a queue going out on a loaded 2-core machine.
test.setTimeout(150_000);

/** Logs in through the login form (as a technician does; a 401 later brings them back to it). */
async function logIn(page: Page) {
  await page.getByLabel('E-mail').fill(users.worker);
  await page.getByLabel('Senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The order scheduled now, on the technician, so it heads their list and is read ahead. */
async function myOrder(page: Page, label: string, notStarted = false) {
  const order = notStarted
    ? await waitingOrder(page, label)
    : await startedOrder(page.request, { label, withWorker: true });
  const scheduledAt = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  expect((await order.admin.post(`/invoices/${order.id}/visit`, { scheduledAt })).status()).toBe(200);
  return order;
}

/**
 * The technician logs in on the login form, opens the order (read ahead and saved for offline), and
 * loses the signal.
 */
async function openedThenOffline(page: Page, context: BrowserContext, label: string) {
  const order = await myOrder(page, label);
  await page.goto('/login');
  await logIn(page);
  await expect(page.getByText(`OS ${order.number} · ${order.customerName}`)).toBeVisible(FIRST_LOAD);
  await page.goto(`/invoices/${order.id}/edit`);
  await expect(page.getByRole('heading', { name: `Ordem de Serviço #${order.number}` })).toBeVisible(FIRST_LOAD);
  await readyOffline(page, [savedOrder(order.admin.org, order.id)]);
  await context.setOffline(true);
  return order;
}

/** A new comment written offline on the order's tab: it waits in the queue, shown as pending. */
async function commentOffline(page: Page, tab: 'Geral' | 'Técnico', label: string) {
  const comment = unique(label);
  if (tab === 'Técnico') await page.getByRole('tab', { name: 'Técnico' }).click();
  await page.getByLabel(`Novo comentário ${tab}`).fill(comment);
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.getByTestId('pending-comment')).toContainText(comment);
  return comment;
}

/** An order of a new customer, Não Iniciado (never started), with the demo technician on it. */
async function waitingOrder(page: Page, label: string) {
  const order = await newOrder(page.request, { label, withWorker: true });
  expect((await order.admin.post(`/invoices/${order.id}/todo`)).ok()).toBe(true);
  return order;
}

/**
 * The records (or their keys) of one store of the app's IndexedDB, or null while the app has not made
 * it. Only looks: a database the app has not made yet must not be made here, empty (the app's store
 * could then never be created in it, and nothing would ever be saved).
 */
const readStore = (page: Page, database: string, store: string, what: 'getAll' | 'getAllKeys') =>
  page.evaluate(
    (asked) =>
      new Promise<unknown[] | null>((resolve) => {
        const open = indexedDB.open(asked.database);
        open.onupgradeneeded = () => open.transaction!.abort();
        open.addEventListener('error', () => resolve(null));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(asked.store)) return resolve(null);
          const read = db.transaction(asked.store).objectStore(asked.store)[asked.what]();
          read.onsuccess = () => resolve(read.result);
        };
      }),
    { database, store, what },
  );

/** Everything the phone saved of the screens (lib/offline/saved-queries.ts), as text ('' before any). */
const savedCopy = async (page: Page) => {
  const records = await readStore(page, 'oficina-saved', 'queries', 'getAll');
  return records ? JSON.stringify(records) : '';
};

/** The keys of the phone's saved copy (one record per query: `q:<org>:<user>:<query>`). */
const savedKeys = async (page: Page) =>
  ((await readStore(page, 'oficina-saved', 'queries', 'getAllKeys')) ?? []).map(String);

/** Waits for the service worker to be active and the phone's saved copy to hold each of `texts`. */
async function readyOffline(page: Page, texts: string[]) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (const text of texts)
    await expect.poll(() => savedCopy(page), { timeout: 45_000 }).toEqual(expect.stringContaining(text));
}

/** The saved copy's key of an order's detail. */
const savedOrder = (org: string, id: number) => `"invoice","${org.replace(/^\/api/, '')}",${id},"detail"`;

/** The items the outbox keeps in IndexedDB (to check them, or to put one back as a crash would leave it). */
const outboxItems = async (page: Page) => (await readStore(page, 'oficina-outbox', 'items', 'getAll')) ?? [];

const commentsOf = async (admin: Api, id: number, type: number) =>
  (
    (await (await admin.get(`/invoices/${id}/comments/type/${type}`)).json()) as {
      data: Array<{ comment: string; createdAt: string }>;
    }
  ).data;

test('offline: the order opens from the saved copy; the start, a comment, a photo, the checklist, the signature and the completion go out once, in order', async ({
  page,
  context,
}) => {
  // The visit has not started: the technician starts and ends it offline.
  const order = await myOrder(page, 'Cliente Sem Sinal', true);
  const admin = order.admin;
  // A checklist with a required item: completing is refused by the server until it is answered, so the
  // completion arriving after the answers proves the order of the queue.
  const checklistName = unique('Preventiva sem sinal');
  const template = await admin.post('/checklist-templates', {
    name: checklistName,
    items: [{ label: 'Filtros limpos', kind: 'check', required: true }],
  });
  expect(template.status()).toBe(201);
  const attached = await admin.post(`/invoices/${order.id}/checklists`, { template: (await template.json()).id });
  expect(attached.status()).toBe(201);
  const checklistId = (await attached.json()).id as number;
  const picturesBefore = (await (await admin.get(`/invoices/${order.id}/attachments/pictures`)).json()).data.length;

  await page.goto('/login');
  await logIn(page);
  await expect(page.getByText(`OS ${order.number} · ${order.customerName}`)).toBeVisible(FIRST_LOAD);
  await page.getByText(`OS ${order.number} · ${order.customerName}`).click();
  await expect(page.getByRole('heading', { name: `Ordem de Serviço #${order.number}` })).toBeVisible(FIRST_LOAD);
  // The order, its comments and its signing page are on the phone.
  await readyOffline(page, [
    savedOrder(order.admin.org, order.id),
    `"public-invoice",${order.id}`,
    `"agenda","visits"`,
    order.customerName,
    checklistName,
  ]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Ordem de Serviço #${order.number}` })).toBeVisible(FIRST_LOAD);
  await expect(page.getByText(/Sem conexão — mostrando dados salvos às \d\d:\d\d/)).toBeVisible();
  await expect(page.getByText(order.customerName).first()).toBeVisible();
  await shot(page, 'offline-banner');

  // The home's visits of the day open offline too, and lead back to the order.
  await page.getByRole('link', { name: 'Ordem Certa' }).click();
  await expect(page.getByTestId(`today-visit-${order.id}`)).toBeVisible();
  await expect(page.getByText(/Sem conexão — mostrando dados salvos às \d\d:\d\d/)).toBeVisible();
  await shot(page, 'offline-home');
  await page.getByText(`OS ${order.number} · ${order.customerName}`).click();
  await expect(page.getByRole('heading', { name: `Ordem de Serviço #${order.number}` })).toBeVisible();

  // The visit starts.
  await page.getByRole('button', { name: 'Iniciar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Iniciar' }).click();
  await expect(page.getByTestId('pending-state')).toContainText('Iniciar');

  // A comment.
  const comment = unique('Troquei o capacitor sem sinal');
  await page.getByLabel('Novo comentário Geral').fill(comment);
  await page.getByRole('button', { name: 'Comentar' }).click();
  const pendingComment = page.getByTestId('pending-comment');
  await expect(pendingComment).toContainText(comment);
  await expect(pendingComment).toContainText('pendente de envio');

  // A photo, made small on the phone.
  await page.getByLabel('Arquivos de fotos').setInputFiles(join(photos, 'antes.jpg'));
  await expect(page.getByTestId('pending-photo')).toHaveCount(1);

  // The checklist is answered.
  const checklist = page.getByTestId(`checklist-${checklistId}`);
  await checklist.getByLabel('Filtros limpos *').check();
  await checklist.getByRole('button', { name: 'Salvar respostas' }).click();
  await expect(checklist).toContainText('pendente de envio');
  await expect(checklist).toContainText('Completo');

  // The customer signs on the technician's phone.
  await page.getByRole('link', { name: 'Assinar' }).click();
  await expect(page.getByRole('heading', { name: `Ordem de Serviço nº ${order.number}` })).toBeVisible();
  await drawWithFinger(page);
  await page.getByRole('button', { name: 'Assinar' }).click();
  await expect(page.getByRole('heading', { name: `Ordem de Serviço #${order.number}` })).toBeVisible();
  await expect(page.getByTestId('pending-signature')).toBeVisible();

  // The visit ends: Concluir.
  await page.getByRole('button', { name: 'Concluir' }).click();
  // The phone knows the signature it is holding: no warning that the order is not signed.
  await expect(page.getByRole('dialog')).toContainText('Você deseja alterar o status');
  await expect(page.getByRole('dialog')).not.toContainText('ainda não foi assinada');
  await page.getByRole('dialog').getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByTestId('pending-state').last()).toContainText('Concluir');

  await expect(page.getByTestId('outbox-count')).toContainText('6');
  await expect(page.getByTestId('outbox-count')).toContainText('pendentes');
  await shot(page, 'offline-pending');
  // Nothing reached the server.
  expect((await commentsOf(admin, order.id, 1)).map((c) => c.comment)).not.toContain(comment);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0, { timeout: 45_000 });
  await expect(page.getByTestId('pending-comment')).toHaveCount(0);
  await expect(page.getByTestId('pending-photo')).toHaveCount(0);
  await expect(page.getByTestId('pending-signature')).toHaveCount(0);
  await expect(page.getByTestId('invoice-signature')).toBeVisible();

  // Each arrived once, in the order they were done.
  const general = await commentsOf(admin, order.id, 1);
  expect(general.filter((c) => c.comment === comment)).toHaveLength(1);
  const pictures = (await (await admin.get(`/invoices/${order.id}/attachments/pictures`)).json()).data as Array<{
    createdAt: string;
  }>;
  expect(pictures).toHaveLength(picturesBefore + 1);
  const detail = await (await admin.get(`/invoices/${order.id}`)).json();
  expect(detail.statusState).toBe(20);
  const checklists = (await (await admin.get(`/invoices/${order.id}/checklists`)).json()).data as Array<{
    id: number;
    items: Array<{ value: unknown }>;
  }>;
  expect(checklists.find((c) => c.id === checklistId)!.items[0]!.value).toBe(true);
  expect(detail.isSigned).toBe(true);
  const system = (await commentsOf(admin, order.id, 4)).map((c) => c.comment);
  const startedAt = system.findIndex((c) => /de Não Iniciado para Em Andamento/.test(c));
  expect(startedAt).toBeGreaterThanOrEqual(0);
  expect(system.filter((c) => /para Em Andamento/.test(c)).length).toBe(1);
  const signedAt = system.findIndex((c) => c.startsWith('Assinada pelo cliente'));
  expect(signedAt).toBeGreaterThan(startedAt);
  expect(system.filter((c) => c.startsWith('Assinada')).length).toBe(1);
  const completedAt = system.findIndex((c, n) => n > signedAt && /Conclu/i.test(c));
  expect(completedAt).toBeGreaterThan(signedAt);
  const commentTime = Date.parse(general.find((c) => c.comment === comment)!.createdAt);
  expect(commentTime).toBeLessThanOrEqual(Date.parse(pictures.at(-1)!.createdAt));
  expect(detail.signature.signedAt && Date.parse(detail.signature.signedAt)).toBeGreaterThanOrEqual(
    Date.parse(pictures.at(-1)!.createdAt),
  );
});

test('a queue sent but not forgotten (the app died in between) goes again and creates nothing twice', async ({
  page,
  context,
}) => {
  const order = await openedThenOffline(page, context, 'Cliente Reenvio');
  const comment = await commentOffline(page, 'Geral', 'Enviado duas vezes');
  const [kept] = await outboxItems(page);
  expect(kept).toMatchObject({ kind: 'comment', request: { json: { comment } } });

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0, { timeout: 45_000 });
  // The crash: the item is back in the queue as if its deletion never happened; twice over.
  for (let n = 0; n < 2; n++) {
    await page.evaluate(
      (item) =>
        new Promise<void>((resolve) => {
          const open = indexedDB.open('oficina-outbox');
          open.onsuccess = () => {
            const tx = open.result.transaction('items', 'readwrite');
            tx.objectStore('items').put(item, (item as { key: string }).key);
            tx.oncomplete = () => resolve();
          };
        }),
      kept,
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: `Ordem de Serviço #${order.number}` })).toBeVisible(FIRST_LOAD);
    await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  }
  const general = await commentsOf(order.admin, order.id, 1);
  expect(general.filter((c) => c.comment === comment)).toHaveLength(1);
});

test('the session ended while offline: after logging in again the queue is still there and goes out', async ({
  page,
  context,
}) => {
  const order = await openedThenOffline(page, context, 'Cliente Sessão');
  const comment = await commentOffline(page, 'Técnico', 'Depois do login');
  // The session ends meanwhile: the server no longer takes this token (its signature is not the server's).
  await page.evaluate(() => {
    const [h, p] = localStorage.getItem('jwt')!.split('.');
    localStorage.setItem('jwt', `${h}.${p}.assinatura-que-nao-confere`);
  });

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('login-pending')).toContainText('1 envio de');
  await shot(page, 'login-pending');
  expect(await outboxItems(page)).toHaveLength(1);
  expect((await commentsOf(order.admin, order.id, 2)).map((c) => c.comment)).not.toContain(comment);

  await logIn(page);
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 45_000 }).toBe(0);
  const technical = await commentsOf(order.admin, order.id, 2);
  expect(technical.filter((c) => c.comment === comment)).toHaveLength(1);
});

test('the office closed the order meanwhile: the comment is kept with the reason, to retry or discard', async ({
  page,
  context,
}) => {
  const order = await openedThenOffline(page, context, 'Cliente Conflito');
  const comment = await commentOffline(page, 'Geral', 'Chegou tarde');
  // The office completes the order while the technician has no signal.
  expect((await order.admin.post(`/invoices/${order.id}/complete`)).ok()).toBe(true);

  await context.setOffline(false);
  await expect(page.getByTestId('pending-comment')).toContainText('envio recusado', { timeout: 45_000 });
  await page.getByTestId('outbox-count').click();
  const dialog = page.getByRole('dialog', { name: 'Envios pendentes' });
  await expect(dialog.getByRole('alert')).toContainText('O escritório alterou a ordem de serviço');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-conflict-390.png` });
  expect(await outboxItems(page)).toHaveLength(1);

  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await page.getByRole('dialog', { name: 'Descartar este envio?' }).getByRole('button', { name: 'Descartar' }).click();
  await expect(dialog.getByText('Tudo foi enviado.')).toBeVisible();
  expect(await outboxItems(page)).toHaveLength(0);
  expect((await commentsOf(order.admin, order.id, 1)).map((c) => c.comment)).not.toContain(comment);
});

/**
 * A completed order of the technician (not among the open orders read ahead, so only its own screen
 * saves it), opened online after logging in, once the app's files are on the phone (the next page load
 * is the service worker's). Returns it and its heading, shown.
 */
async function openCompletedOrder(page: Page, label: string) {
  const order = await startedOrder(page.request, { label, withWorker: true });
  expect((await order.admin.post(`/invoices/${order.id}/complete`)).ok()).toBe(true);
  await page.goto('/login');
  await logIn(page);
  await expect(page.getByRole('heading', { name: 'Bem-vindo' })).toBeVisible(FIRST_LOAD);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`/invoices/${order.id}/edit`);
  const heading = page.getByRole('heading', { name: `Ordem de Serviço #${order.number}` });
  await expect(heading).toBeVisible(FIRST_LOAD);
  return { order, heading };
}

test('an order that arrived a moment before the app was left is on the phone: it opens offline at once', async ({
  page,
  context,
}) => {
  const { order, heading } = await openCompletedOrder(page, 'Cliente Recém-aberto');
  // Straight away, the network goes and the app is opened again: the order's answers were written to
  // the phone as they arrived (nothing written on leaving the page survives a reload).
  await context.setOffline(true);
  await page.reload();
  await expect(heading).toBeVisible(FIRST_LOAD);
  await expect(page.getByText(/Sem conexão — mostrando dados salvos às/)).toBeVisible();
  await context.setOffline(false);
  // Back online, the screen asks again and the notice goes: the menu is used once that has settled (a
  // CI run clicked 'Sair' in the middle of that wave of answers, and the menu stayed open on the order).
  await expect(page.getByText(/Sem conexão — mostrando dados salvos às/)).toBeHidden(FIRST_LOAD);

  // Logging out leaves nothing of this technician's screens on the phone.
  expect(await savedCopy(page)).toContain(savedOrder(order.admin.org, order.id));
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('button', { name: 'Técnico João da Silva' }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await savedCopy(page)).toBe('[]');
});

test('a phone upgraded from 0.25 keeps its saved copy: the single record of then opens offline and is rewritten per query', async ({
  page,
  context,
}) => {
  const { order, heading } = await openCompletedOrder(page, 'Cliente Atualizado');
  await expect.poll(() => savedCopy(page)).toContain(savedOrder(order.admin.org, order.id));

  // The app is left (a page of the API, which the service worker does not answer), so nothing writes
  // today's records again; then the copy is put as releases before 0.26 kept it: the whole cache in
  // one record `queries:<org>:<user>`.
  await page.goto('/api/none');
  const before = await page.evaluate(
    () =>
      new Promise<{ owner: string; count: number }>((resolve, reject) => {
        const open = indexedDB.open('oficina-saved');
        // Only changes a copy that is there (see savedCopy).
        open.onupgradeneeded = () => open.transaction!.abort();
        open.addEventListener('error', () => reject(open.error));
        open.onsuccess = () => {
          const tx = open.result.transaction('queries', 'readwrite');
          const store = tx.objectStore('queries');
          const keys = store.getAllKeys();
          const values = store.getAll();
          let owner = '';
          values.onsuccess = () => {
            const records = (keys.result as string[])
              .map((key, i) => ({ key, value: values.result[i] as { savedAt: number; query: unknown } }))
              .filter((r) => r.key.startsWith('q:'));
            owner = records[0]!.key.split(':').slice(1, 3).join(':');
            for (const r of records) store.delete(r.key);
            store.put(
              {
                savedAt: records[0]!.value.savedAt,
                state: { mutations: [], queries: records.map((r) => r.value.query) },
              },
              `queries:${owner}`,
            );
            tx.oncomplete = () => resolve({ owner, count: records.length });
          };
        };
      }),
  );
  expect(before.count).toBeGreaterThan(1);

  await context.setOffline(true);
  await page.goto(`/invoices/${order.id}/edit`);
  await expect(heading).toBeVisible(FIRST_LOAD);
  await expect(page.getByText(/Sem conexão — mostrando dados salvos às/)).toBeVisible();
  await context.setOffline(false);
  // The single record is gone; each of its queries is a record of its own (what today's app reads).
  await expect
    .poll(async () => {
      const saved = await savedKeys(page);
      return {
        single: saved.includes(`queries:${before.owner}`),
        perQuery: saved.filter((k) => k.startsWith(`q:${before.owner}:`)).length >= before.count,
      };
    })
    .toEqual({ single: false, perQuery: true });
  expect(await savedCopy(page)).toContain(savedOrder(order.admin.org, order.id));
});
