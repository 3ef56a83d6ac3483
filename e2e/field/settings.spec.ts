import { expect, loginAs, test } from '../fixtures/index.ts';

// The organization's field settings screen: reached from the organization's page, a value out of range
// refused under its field, and a save. It saves the values it read (the run's other specs count on the
// 500 m default).

for (const width of [1280, 375])
  test(`the field settings screen at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAs(page, 'admin');
    await page.goto('/organization');
    await page.getByRole('link', { name: 'Técnicos em campo' }).click();
    await expect(page.getByRole('heading', { name: 'Técnicos em campo' })).toBeVisible();
    const warning = page.getByLabel('Distância para alertar a chegada');
    await expect(warning).toHaveValue('500');
    await expect(page.getByLabel('Velocidade média')).toHaveValue('30');
    await expect(page.getByLabel('Guardar as localizações por')).toHaveValue('12');
    await warning.fill('20');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe uma distância entre 50 e 50.000 metros')).toBeVisible();
    if (process.env.FIELD_SHOTS)
      await page.screenshot({ path: `${process.env.FIELD_SHOTS}/field-settings-${width}.png`, fullPage: true });
    await warning.fill('500');
    // The message goes when the field is left (the button moves up with it).
    await warning.blur();
    await expect(page.getByText('Informe uma distância entre 50 e 50.000 metros')).toBeHidden();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações de campo salvas')).toBeVisible();
  });
