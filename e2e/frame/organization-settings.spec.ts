import { apiAs, expect, loginAs, test } from '../fixtures/index.ts';

// Organization 102 of the demo data: its zone is changed and put back, so the main demo organization
// the other specs use keeps São Paulo's.
test('the admin picks the organization’s time zone from the user menu; /me then carries it', async ({
  page,
  request,
}) => {
  const lite = await apiAs(request, 'lite');
  const before = (await (await lite.get('')).json()) as { name: string; timeZone: string };
  try {
    await loginAs(page, 'lite');
    await page.goto('/');
    const toggle = page.locator('.navbar-toggler');
    if (await toggle.isVisible()) await toggle.click();
    await page.locator('#nav-user').click();
    await page.getByRole('link', { name: 'Organização' }).click();
    await expect(page.getByRole('heading', { name: 'Organização' })).toBeVisible();
    await expect(page.getByLabel('Nome')).toHaveValue(before.name);
    await page.getByLabel('Fuso horário').selectOption({ label: 'Acre (UTC−5)' });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Organização salva')).toBeVisible();

    const me = (await (
      await request.get('/api/me', { headers: { authorization: `Bearer ${lite.token}` } })
    ).json()) as {
      organization: { timeZone: string };
    };
    expect(me.organization.timeZone).toBe('America/Rio_Branco');
    await page.reload();
    await expect(page.getByLabel('Fuso horário')).toHaveValue('America/Rio_Branco', { timeout: 20_000 });
  } finally {
    await lite.put('', { name: before.name, timeZone: before.timeZone });
  }
});

test('a collaborator has no Organização entry and the address is not found', async ({ page }) => {
  await loginAs(page, 'worker');
  await page.goto('/organization');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
});
