import { apiAs, expect, loginAs, test, unique } from '../fixtures/index.ts';
import { newCpf } from '../fixtures/identifiers.ts';

test("the order's signing link goes to the customer's WhatsApp; a landline says why it cannot", async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const order = async (phone: string) => {
    const customer = (await (
      await admin.post('/customers', { type: 2, identifier: newCpf().raw, name: unique('Cliente Zap'), phone })
    ).json()) as { id: number; name: string };
    const created = (await (
      await admin.post('/invoices', { company: 1, customer: customer.id, transactionNature: 1 })
    ).json()) as { id: number; number: number };
    return { ...created, customer };
  };
  const mobile = await order('11987654321');
  const landline = await order('1134567890');

  await loginAs(page, 'admin');
  await page.goto(`/invoices/${mobile.id}/edit`);
  const link = page.getByRole('link', { name: 'Enviar pelo WhatsApp' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
  const text = decodeURIComponent(href.split('?text=')[1]!);
  expect(text).toContain(`Olá, ${mobile.customer.name}! Segue o link da Ordem de Serviço nº ${mobile.number}`);
  expect(text).toMatch(new RegExp(`/invoices/${mobile.id}/sign\\?token=[\\w-]+$`));

  await page.goto(`/invoices/${landline.id}/edit`);
  await expect(page.getByTestId('whatsapp-unavailable')).toHaveText(
    'WhatsApp indisponível: O telefone do cliente não é um celular válido.',
  );
});
