import { readFileSync } from 'node:fs';
import { apiAs, expect, loginAs, test } from '../fixtures/index.ts';
import { newCnpj, newCpf } from '../fixtures/identifiers.ts';

test.describe('spreadsheet import', () => {
  test('the admin uploads a CSV, maps a column, sees the preview with its error row, imports and sees the counts', async ({
    page,
    request,
  }) => {
    const good = newCpf();
    const bad = `${newCpf().raw.slice(0, 10)}X`;
    const firm = newCnpj();
    // As Excel in Portuguese saves it: ';' and Windows-1252 (these accents are the same bytes in Latin-1).
    const csv = Buffer.from(
      [
        'Nome;CPF/CNPJ;Contato;Cidade;Endereço;Observação',
        `Conceição Importada;${good.formatted};(11) 98765-4321;São Paulo;Rua das Flores;cliente antigo`,
        `Cliente Errado;${bad};;;;`,
        `Padaria Importada Ltda;${firm.formatted};(21) 3333-4444;Niterói;Rua XV;`,
      ].join('\r\n'),
      'latin1',
    );

    await loginAs(page, 'admin');
    await page.goto('/');
    await page.getByRole('button', { name: 'Cadastros' }).click();
    await page.getByRole('link', { name: 'Importar planilha' }).click();
    await expect(page.getByRole('heading', { name: 'Importar planilha' })).toBeVisible();
    await expect(page.getByLabel('O que importar')).toHaveValue('customers');

    await page.getByLabel('Planilha (CSV ou XLSX, até 10 MB)').setInputFiles({
      name: 'clientes.csv',
      mimeType: 'text/csv',
      buffer: csv,
    });
    const check = page.getByTestId('import-check');
    await expect(check).toContainText('3 linhas — 2 prontas para importar');
    await expect(check).toContainText('1 com erro');
    const columns = page.getByRole('list', { name: 'Colunas da planilha' });
    await expect(columns.getByLabel('Nome', { exact: true })).toHaveValue('name');
    await expect(columns.getByLabel('Observação')).toHaveValue('');
    // 'Contato' is not a header the import knows: the admin sends it to the phone.
    await expect(columns.getByLabel('Contato')).toHaveValue('');
    await columns.getByLabel('Contato').selectOption({ label: 'Telefone' });
    const preview = page.getByRole('region', { name: 'Prévia: primeiras linhas' });
    await expect(preview.getByRole('columnheader', { name: 'Telefone' })).toBeVisible();
    const errorRow = preview.getByRole('row').filter({ hasText: 'Cliente Errado' });
    await expect(errorRow).toContainText('Com erro');
    await expect(errorRow).toContainText('CPF/CNPJ: CPF inválido');
    await expect(preview.getByRole('row').filter({ hasText: 'Conceição Importada' })).toContainText('Nova');

    await page.getByRole('button', { name: 'Importar 2 linhas' }).click();
    await expect(page.getByText('Importação concluída')).toBeVisible();
    await expect(page.getByTestId('import-counts')).toHaveText(
      '2 linhas importadas; 1 linha ignorada (0 já cadastradas, 1 com erro).',
    );
    const errors = page.getByRole('region', { name: 'Linhas com erro (1)' });
    await expect(errors.getByRole('row').filter({ hasText: 'CPF inválido' })).toContainText('3');
    const download = page.waitForEvent('download');
    await errors.getByRole('button', { name: 'Baixar erros (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('erros-importacao-clientes.csv');
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text).toBe('\uFEFFLinha;Coluna da planilha;Campo;Erro\r\n3;CPF/CNPJ;CPF/CNPJ;CPF inválido\r\n');

    const admin = await apiAs(request, 'admin');
    const found = await (await admin.get(`/customers?q=${good.raw}`)).json();
    expect(found.data).toEqual([expect.objectContaining({ name: 'Conceição Importada', phone: '(11) 98765-4321' })]);

    // The mapping is remembered for the next file; the same file again adds nothing.
    await page.getByRole('button', { name: 'Importar outra planilha' }).click();
    await page.getByLabel('Planilha (CSV ou XLSX, até 10 MB)').setInputFiles({
      name: 'clientes.csv',
      mimeType: 'text/csv',
      buffer: csv,
    });
    await expect(check).toContainText('0 prontas para importar; serão ignoradas 2 já cadastradas e 1 com erro');
    await expect(columns.getByLabel('Contato')).toHaveValue('phone');
    await expect(page.getByRole('button', { name: 'Importar 0 linhas' })).toBeDisabled();
  });

  test('a file that is not a spreadsheet is refused with its reason', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/import');
    await page.getByLabel('O que importar').selectOption({ label: 'Produtos' });
    await page.getByLabel('Planilha (CSV ou XLSX, até 10 MB)').setInputFiles({
      name: 'foto.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    });
    await expect(page.getByText('Envie uma planilha CSV ou XLSX (Excel).')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Importar \d/ })).toHaveCount(0);
  });
});
