import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCnpj, newCpf, PNG_1x1 } from '../fixtures/identifiers.ts';

async function createCompany(request: import('@playwright/test').APIRequestContext) {
  const admin = await apiAs(request, 'admin');
  const name = unique('Empresa E2E');
  const res = await admin.post('/companies', { type: 1, identifier: newCnpj().raw, name, alias: 'E2E' });
  expect(res.status()).toBe(201);
  return { id: (await res.json()).id as number, name, admin };
}

test.describe('companies', () => {
  test('creates a legal-entity company through the form and finds it in the list', async ({ page }) => {
    await loginAs(page, 'admin');
    const cnpj = newCnpj();
    const name = unique('Refrigeração Teste Ltda');
    await page.goto('/companies');
    await page.getByRole('link', { name: 'Novo' }).click();
    await expect(page.getByRole('heading', { name: 'Nova empresa' })).toBeVisible();
    await expect(page.getByLabel('Tipo')).toHaveValue('1');
    await page.getByLabel('CNPJ').pressSequentially(cnpj.raw);
    await expect(page.getByLabel('CNPJ')).toHaveValue(cnpj.formatted);
    await page.getByLabel('Razão Social').fill(name);
    await page.getByLabel('Nome Fantasia').fill('Frio Teste');
    await page.getByLabel('E-mail').fill('contato@frioteste.com.br');
    await page.getByLabel('Telefone').pressSequentially('11987654321');
    await expect(page.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Empresa cadastrada com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/companies\/\d+\/edit$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();

    await page.goto('/companies');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('link', { name: cnpj.formatted })).toBeVisible();
    await expect(row).toContainText('Frio Teste');
  });

  test('creates an individual: CPF mask, no alias, check digits on blur; then edits it with the type locked', async ({
    page,
  }) => {
    await loginAs(page, 'admin');
    await page.goto('/companies/new');
    await page.getByLabel('Tipo').selectOption({ label: 'Pessoa física' });
    await expect(page.getByLabel('Nome Fantasia')).toHaveCount(0);
    await page.getByLabel('CPF').pressSequentially('52998224726');
    await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-26');
    await page.getByLabel('Nome', { exact: true }).click();
    await expect(page.getByText('CPF inválido')).toBeVisible();

    const cpf = newCpf();
    await page.getByLabel('CPF').fill('');
    await page.getByLabel('CPF').pressSequentially(cpf.raw);
    const name = unique('Técnico Autônomo');
    await page.getByLabel('Nome', { exact: true }).fill(name);
    await expect(page.getByText('CPF inválido')).toHaveCount(0);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/companies\/\d+\/edit$/);

    await expect(page.getByLabel('Tipo')).toBeDisabled();
    await expect(page.getByText(cpf.formatted).first()).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill(`${name} Editado`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Empresa alterada com sucesso')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${name} Editado` })).toBeVisible();
  });

  test('a duplicate CNPJ is refused on the field', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin');
    const cnpj = newCnpj();
    expect(
      (await admin.post('/companies', { type: 1, identifier: cnpj.raw, name: 'Original', alias: 'O' })).status(),
    ).toBe(201);
    await loginAs(page, 'admin');
    await page.goto('/companies/new');
    await page.getByLabel('CNPJ').pressSequentially(cnpj.raw);
    await page.getByLabel('Razão Social').fill('Cópia');
    await page.getByLabel('Nome Fantasia').fill('Cópia');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Já existe um cadastro com este CNPJ')).toBeVisible();
    await expect(page).toHaveURL(/\/companies\/new$/);
  });

  test('uploads and removes a logo; a non-image named .png is refused', async ({ page, request }) => {
    const { id } = await createCompany(request);
    await loginAs(page, 'admin');
    await page.goto(`/companies/${id}/edit`);
    await page.getByRole('tab', { name: 'Logotipo' }).click();
    await expect(page.getByText('O Logotipo ainda não foi cadastrado')).toBeVisible();

    await page.getByLabel('Arquivo: Logotipo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('isto não é uma imagem'),
    });
    await expect(page.getByText('Envie uma imagem PNG ou JPEG')).toBeVisible();
    await expect(page.getByText('O Logotipo ainda não foi cadastrado')).toBeVisible();

    await page
      .getByLabel('Arquivo: Logotipo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await expect(page.getByText('Logotipo salvo com sucesso')).toBeVisible();
    const img = page.getByRole('img', { name: 'Logotipo' });
    await expect(img).toHaveAttribute('src', /^blob:/);
    await expect(img).toHaveAttribute('width', '300');
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);

    await page.getByRole('button', { name: 'Remover' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Logotipo removida com sucesso')).toBeVisible();
    await expect(page.getByText('O Logotipo ainda não foi cadastrado')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logotipo' })).toHaveCount(0);
  });

  test('signature: an empty pad shows the message and sends nothing; a drawing is saved', async ({ page, request }) => {
    const { id, admin } = await createCompany(request);
    await loginAs(page, 'admin');
    let signRequests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith(`/companies/${id}/sign`)) signRequests++;
    });
    await page.goto(`/companies/${id}/edit?tab=assinatura`);
    const canvas = page.getByTestId('signature-canvas');
    await expect(canvas).toBeVisible();
    expect((await canvas.boundingBox())!.height).toBe(600);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Desenhe a assinatura no quadro antes de salvar')).toBeVisible();
    expect(signRequests).toBe(0);

    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 100);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 20, box.y + 100 + (i % 2 ? 30 : -30));
    await page.mouse.up();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Assinatura salva', { exact: true })).toBeVisible();
    expect(signRequests).toBe(1);
    await expect(page.getByRole('img', { name: 'Assinatura atual' })).toBeVisible();
    const saved = await (await admin.get(`/companies/${id}`)).json();
    expect(saved.signature).toMatch(/^data:image\/png;base64,/);
  });

  test('saves the e-mail template written in HTML mode; the server keeps formatting and drops scripts', async ({
    page,
    request,
  }) => {
    const { id, admin } = await createCompany(request);
    await loginAs(page, 'admin');
    await page.goto(`/companies/${id}/edit?tab=email`);

    const subject = page.getByLabel('Título');
    await subject.fill('Orçamento ');
    await page.getByRole('button', { name: 'Número do orçamento' }).click();
    await subject.press('End');
    await subject.pressSequentially(' para ');
    await page.getByRole('button', { name: 'Cliente', exact: true }).click();
    await expect(subject).toHaveValue('Orçamento {{numero}} para {{cliente}}');

    const htmlToggle = page
      .getByRole('toolbar', { name: 'Formatação: Mensagem' })
      .getByRole('button', { name: 'HTML' });
    await htmlToggle.click();
    await page
      .getByLabel('Mensagem (HTML)')
      .fill('<p><b>Olá</b>, {{cliente}}!</p><script>alert(1)</script><p onclick="x()">Segue o orçamento.</p>');
    await htmlToggle.click();
    const editor = page.getByRole('textbox', { name: 'Mensagem' });
    await expect(editor.locator('b')).toHaveText('Olá');
    await expect(editor.locator('script')).toHaveCount(0);

    // The toolbar works in the visual editor too.
    const signature = page.getByRole('textbox', { name: 'Assinatura' });
    await signature.click();
    await signature.pressSequentially('Equipe E2E');
    await signature.press('Control+a');
    await page
      .getByRole('toolbar', { name: 'Formatação: Assinatura' })
      .getByRole('button', { name: 'Negrito' })
      .click();
    await expect(signature.locator('b')).toHaveText('Equipe E2E');

    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByText('Dados de e-mail configurados com sucesso')).toBeVisible();

    const saved = await (await admin.get(`/companies/${id}`)).json();
    expect(saved.emailSubject).toBe('Orçamento {{numero}} para {{cliente}}');
    expect(saved.emailBody).toContain('<b>Olá</b>');
    expect(saved.emailBody).not.toMatch(/script|onclick/);
    expect(saved.emailSignature).toContain('<b>Equipe E2E</b>');

    await page.reload();
    await htmlToggle.click();
    await expect(page.getByLabel('Mensagem (HTML)')).toHaveValue(saved.emailBody);
  });
});
