import { mkdirSync } from 'node:fs';
import { apiLogin, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { startedOrder } from '../fixtures/orders.ts';

// A new customer has no equipment and a new shop no technician: the order's pickers register them in
// place ('+ Cadastrar equipamento', '+ Cadastrar colaborador'), each then picked and added. On a
// desktop and on a 375 px phone.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/register-in-place/shots';

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test.describe(`registering from the order's pickers (${device})`, () => {
    test.use({ viewport });

    test('an equipment of the customer and a collaborator are registered in place and added', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const { id, customerName, admin } = await startedOrder(request, { label: 'Cliente Sem Equipamento' });
      await loginAs(page, 'admin');
      await page.goto(`/invoices/${id}/edit`);

      await page.getByRole('button', { name: 'Adicionar equipamento' }).click();
      const equipmentModal = page.getByRole('dialog', { name: 'Adicionar equipamento' });
      await equipmentModal.getByRole('button', { name: '+ Cadastrar equipamento' }).click();
      const quick = equipmentModal.getByTestId('quick-register');
      await expect(quick.getByText('Novo equipamento')).toBeVisible();
      // Every field is required: nothing is sent until they are filled.
      await quick.getByRole('button', { name: 'Cadastrar', exact: true }).click();
      await expect(quick.getByText('Este campo é obrigatório')).toHaveCount(4);
      const equipmentName = unique('Split hi-wall sala');
      await quick.getByLabel('Nome do equipamento').fill(equipmentName);
      await quick.getByLabel('Marca').fill('Elgin');
      await quick.getByLabel('Modelo').fill('HJFI12C2WB');
      await quick.getByLabel('N/S').fill('SN-778812');
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/equipment-${device}.png` });
      await quick.getByRole('button', { name: 'Cadastrar', exact: true }).click();
      await expect(page.getByText('Equipamento cadastrado com sucesso')).toBeVisible();
      await expect(equipmentModal.getByLabel('Equipamento', { exact: true })).toHaveValue(equipmentName);
      await equipmentModal.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await expect(page.getByText('Equipamento adicionado com sucesso')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Equipamentos' })).toContainText(equipmentName);

      await page.getByRole('button', { name: 'Adicionar colaborador' }).click();
      const workerModal = page.getByRole('dialog', { name: 'Adicionar colaborador' });
      await workerModal.getByRole('button', { name: '+ Cadastrar colaborador' }).click();
      const newWorker = workerModal.getByTestId('quick-register');
      const workerName = unique('Técnico Novo');
      await newWorker.getByLabel('Nome do colaborador').fill(workerName);
      await newWorker.getByLabel('E-mail (o login)').fill('sem-arroba');
      await newWorker.getByLabel('Senha inicial').fill('curta');
      await newWorker.getByRole('button', { name: 'Cadastrar', exact: true }).click();
      await expect(newWorker.getByText('E-mail inválido')).toBeVisible();
      await expect(newWorker.getByText('Deve ter 8 caracteres ou mais')).toBeVisible();
      const email = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@novo-tecnico.com.br`;
      await newWorker.getByLabel('E-mail (o login)').fill(email);
      await newWorker.getByLabel('Senha inicial').fill('senha-inicial-1');
      await page.screenshot({ path: `${SHOTS}/collaborator-${device}.png` });
      await newWorker.getByRole('button', { name: 'Cadastrar', exact: true }).click();
      await expect(page.getByText('Colaborador cadastrado com sucesso')).toBeVisible();
      await expect(workerModal.getByLabel('Colaborador', { exact: true })).toHaveValue(workerName);
      await workerModal.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Colaboradores' })).toContainText(workerName);

      // Both are real records: the customer's equipment, and a collaborator (not an admin) who logs in.
      const customers = await (await admin.get(`/customers?q=${encodeURIComponent(customerName)}`)).json();
      const equipments = await (await admin.get(`/customers/${customers.data[0].id}/equipments`)).json();
      expect(equipments.data.map((e: { name: string }) => e.name)).toEqual([equipmentName]);
      const token = await apiLogin(request, email, 'senha-inicial-1');
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      expect(JSON.stringify(claims)).not.toContain('ROLE_ADMIN');
    });
  });
}
