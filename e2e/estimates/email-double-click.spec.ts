import { expect, test, unique } from '../fixtures/index.ts';
import { addLines, moveEstimate, newEstimate, openEstimateEmail } from '../fixtures/estimates.ts';
import { messagesFor } from '../fixtures/inbox.ts';

test("a double click on 'Enviar' sends the estimate's e-mail once", async ({ page, request }) => {
  const email = `${unique('duplo').replace(/\s/g, '.').toLowerCase()}@exemplo.com.br`;
  const { admin, estimate } = await newEstimate(request, 'Cliente Duplo Clique', email);
  await addLines(admin, estimate.id, 1);
  await moveEstimate(admin, estimate.id, 1);

  const mail = await openEstimateEmail(page, estimate.id, email);
  await mail.getByRole('button', { name: 'Enviar' }).dblclick();
  await expect(page.getByText('O Orçamento foi enviado').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => messagesFor(email).length).toBe(1);

  // The record of sent e-mails has one entry, and no second message arrives later.
  const emails = await (await admin.get(`/estimates/${estimate.id}/emails`)).json();
  expect(emails.data).toHaveLength(1);
  await page.waitForTimeout(1500);
  expect(messagesFor(email).length).toBe(1);
  await expect(page.getByText(/ainda está sendo processada/)).toHaveCount(0);
});
