import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

/** Scrolled down to the pad's buttons, the whole pad and its buttons are on screen at once. */
async function expectPadOnScreen(page: Page, buttons: Locator[]) {
  await buttons.at(-1)!.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('signature-canvas')).toBeInViewport({ ratio: 1 });
  for (const button of buttons) await expect(button).toBeInViewport({ ratio: 1 });
}

test.describe('a phone (375 × 667)', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test("the profile's signature pad fits the screen with its buttons", async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Assinatura' }).click();
    const pane = page.getByRole('tabpanel', { name: 'Assinatura' });
    await expectPadOnScreen(page, [
      pane.getByRole('button', { name: 'Limpar' }),
      pane.getByRole('button', { name: 'Salvar' }),
    ]);
  });

  test("the public signing page's pad fits the screen with its buttons", async ({ page, request }) => {
    const { id, admin } = await startedOrder(request, { label: 'Cliente Tela Pequena' });
    const { signUrl } = await (await admin.post(`/invoices/${id}/sign-link`)).json();
    await page.goto(signUrl as string);
    await expectPadOnScreen(page, [
      page.getByRole('button', { name: 'Limpar' }),
      page.getByRole('button', { name: 'Assinar' }),
    ]);
  });
});
