import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_WHATSAPP_TEMPLATE, type Company } from '@oficina/contracts';
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
  emailSubject: null,
  emailBody: null,
  emailSignature: null,
  whatsappTemplate: null,
  signature: null,
  hasLogo: false,
  hasSignatureImage: false,
  pixKey: null,
};
const url = 'PUT /api/organizations/1/companies/1/whatsapp';

afterEach(() => vi.unstubAllGlobals());

describe('CompanyWhatsAppTab', () => {
  it('starts from the default message, inserts a placeholder, previews and saves', async () => {
    const calls = fakeApi({ [url]: () => ({ ...company, whatsappTemplate: 'Oi {{cliente}}: {{link}}' }) });
    renderAsUser(<CompanyWhatsAppTab company={company} />);
    const area = screen.getByLabelText('Mensagem do WhatsApp');
    expect(area).toHaveValue(DEFAULT_WHATSAPP_TEMPLATE);
    expect(screen.getByText(/^Olá Maria Souza! Segue a ordem de serviço nº 1042 da Polar Ltda/)).toBeInTheDocument();
    await userEvent.clear(area);
    await userEvent.type(area, 'Oi ');
    await userEvent.click(screen.getByRole('button', { name: 'Cliente' }));
    await userEvent.type(area, ': ');
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByText(/^Oi Maria Souza: http/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Mensagem do WhatsApp salva')).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ whatsappTemplate: 'Oi {{cliente}}: {{link}}' }]);
  });

  it("the server's refusal shows under the field", async () => {
    fakeApi({ [url]: () => ({ status: 422, body: { errors: { whatsappTemplate: ['Mensagem recusada'] } } }) });
    renderAsUser(<CompanyWhatsAppTab company={{ ...company, whatsappTemplate: 'Olá {{link}}' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Mensagem recusada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Mensagem do WhatsApp')).toHaveClass('is-invalid'));
  });

  it('without the link it is refused before asking the server', async () => {
    const calls = fakeApi({});
    renderAsUser(<CompanyWhatsAppTab company={company} />);
    const area = screen.getByLabelText('Mensagem do WhatsApp');
    await userEvent.clear(area);
    await userEvent.type(area, 'Olá');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('A mensagem deve conter {{link}}, para o cliente receber o link'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
