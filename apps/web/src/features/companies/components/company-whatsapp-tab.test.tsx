import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE, DEFAULT_WHATSAPP_TEMPLATE, type Company } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { CompanyWhatsAppTab } from './company-whatsapp-tab.tsx';

const company: Company = {
  id: 1,
  type: 1,
  identifier: '11222333000181',
  name: 'Polar Ltda',
  alias: null,
  email: null,
  phone: null,
  phoneE164: null,
  version: 1,
  emailSubject: null,
  emailBody: null,
  emailSignature: null,
  whatsappTemplate: null,
  whatsappEstimateTemplate: null,
  signature: null,
  hasLogo: false,
  hasSignatureImage: false,
  pixKey: null,
  brandColor: null,
};
const url = 'PUT /api/organizations/1/companies/1/whatsapp';

afterEach(() => vi.unstubAllGlobals());

describe('CompanyWhatsAppTab', () => {
  it('starts from the default messages, inserts a placeholder, previews and saves both', async () => {
    const calls = fakeApi({ [url]: () => ({ ...company, whatsappTemplate: 'Oi {{cliente}}: {{link}}' }) });
    renderAsUser(<CompanyWhatsAppTab company={company} />);
    const area = screen.getByLabelText('Mensagem da ordem de serviço');
    const order = within(area.closest<HTMLElement>('[data-template]')!);
    const estimate = within(screen.getByLabelText('Mensagem do orçamento').closest<HTMLElement>('[data-template]')!);
    expect(area).toHaveValue(DEFAULT_WHATSAPP_TEMPLATE);
    expect(screen.getByLabelText('Mensagem do orçamento')).toHaveValue(DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE);
    expect(order.getByText(/^Olá Maria Souza! Segue a ordem de serviço nº 1042 da Polar Ltda/)).toBeInTheDocument();
    expect(
      estimate.getByText(
        /^Olá Maria Souza! Segue o orçamento nº 1042 da Polar Ltda .* aprovar: http.*\/estimates\/1\/review/,
      ),
    ).toBeInTheDocument();
    await userEvent.clear(area);
    await userEvent.type(area, 'Oi ');
    await userEvent.click(order.getByRole('button', { name: 'Cliente' }));
    await userEvent.type(area, ': ');
    await userEvent.click(order.getByRole('button', { name: 'Link' }));
    expect(order.getByText(/^Oi Maria Souza: http/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Mensagens do WhatsApp salvas')).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([
      { whatsappTemplate: 'Oi {{cliente}}: {{link}}', whatsappEstimateTemplate: DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE },
    ]);
  });

  it("the server's refusal shows under the field", async () => {
    fakeApi({ [url]: () => ({ status: 422, body: { errors: { whatsappEstimateTemplate: ['Mensagem recusada'] } } }) });
    renderAsUser(<CompanyWhatsAppTab company={{ ...company, whatsappTemplate: 'Olá {{link}}' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Mensagem recusada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Mensagem do orçamento')).toHaveClass('is-invalid'));
    expect(screen.getByLabelText('Mensagem da ordem de serviço')).not.toHaveClass('is-invalid');
  });

  it('without the link it is refused before asking the server', async () => {
    const calls = fakeApi({});
    renderAsUser(<CompanyWhatsAppTab company={company} />);
    const area = screen.getByLabelText('Mensagem do orçamento');
    await userEvent.clear(area);
    await userEvent.type(area, 'Olá');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('A mensagem deve conter {{link}}, para o cliente receber o link'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
