import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import SignaturePadLib from 'signature_pad';
import { paperworkMessages, PersonType, type PublicInvoice } from '@ordem-certa/contracts';
import { fakeApi } from '../../../test/fake-api.tsx';
import { renderPublicRoutes, stubCanvas } from '../../../test/render.tsx';
import { SignInvoicePage } from './sign-invoice-page.tsx';

const api = '/api/public/invoices/7';
const drawing = 'data:image/png;base64,iVBORw0KGgo=';

function publicInvoice(over: Partial<PublicInvoice> = {}): PublicInvoice {
  return {
    id: 7,
    number: 1042,
    companyName: 'Demo Refrigeração Ltda',
    companyIdentifier: '11222333000181',
    companyType: PersonType.Juridical,
    customerName: 'Maria Souza',
    customerIdentifier: '52998224725',
    customerType: PersonType.Natural,
    statusLabel: 'Concluído',
    timeZone: 'America/Sao_Paulo',
    createdAt: '2026-11-20T13:00:00.000Z',
    finishedAt: '2026-11-21T14:00:00.000Z',
    withValues: true,
    services: [{ name: 'Limpeza de split', description: 'Filtro e serpentina', quantity: 2, price: 1850 }],
    products: [{ name: 'Gás R410', unit: 'kg', quantity: 1.75, price: 120.5 }],
    subTotal: 3820.5,
    discount: 20.5,
    total: 3800,
    equipments: [{ name: 'Split 12000', brand: 'LG', model: 'S4', serialNumber: 'SN-1' }],
    isSigned: false,
    isOutdated: false,
    canSign: true,
    signature: null,
    signedAt: null,
    signerName: null,
    ...over,
  };
}

const signed = (over: Partial<PublicInvoice> = {}) =>
  publicInvoice({
    isSigned: true,
    signature: drawing,
    signedAt: '2026-11-21T15:30:00.000Z',
    signerName: 'Maria Souza',
    ...over,
  });

/** The page as the router mounts it: public, no logged user, with the query client and toasts. */
function renderPage(route = '/invoices/7/sign?token=abc') {
  return renderPublicRoutes(
    <>
      <Route path="/invoices/:id/sign" element={<SignInvoicePage />} />
      <Route path="/invoices/:id/edit" element={<p>Página da ordem de serviço</p>} />
    </>,
    route,
  );
}

/** The sign form is shown once the order has loaded. */
const nameField = () => screen.findByLabelText('Nome de quem assina');

beforeEach(() => {
  stubCanvas();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('SignInvoicePage', () => {
  it('shows a spinner while loading the order with the token, and sends no login', async () => {
    const calls = fakeApi({ [`GET ${api}`]: () => publicInvoice() });
    renderPage();
    expect(screen.getByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    expect(await nameField()).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Carregando' })).not.toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.path, c.url.searchParams.get('token')])).toEqual([['GET', api, 'abc']]);
    const [, init] = (fetch as unknown as Mock).mock.calls[0] as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('a wrong or revoked token (404) says the link is invalid', async () => {
    fakeApi({ [`GET ${api}`]: () => ({ status: 404, body: { errors: ['not found'] } }) });
    renderPage('/invoices/7/sign?token=revogado');
    expect(
      await screen.findByText('Link de assinatura inválido ou revogado. Peça um novo link à empresa.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Nome de quem assina')).not.toBeInTheDocument();
  });

  it("a signed order shows 'OS assinada' with the signature, the customer and the date", async () => {
    fakeApi({ [`GET ${api}`]: () => signed() });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'OS assinada' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Assinatura de Maria Souza' })).toHaveAttribute('src', drawing);
    expect(screen.getByText('Maria Souza')).toBeInTheDocument();
    expect(screen.getByText('529.982.247-25')).toBeInTheDocument();
    // 15:30 UTC is 12:30 in São Paulo.
    expect(screen.getByTestId('signed-at')).toHaveTextContent(/^21\/11\/2026,? 12:30$/);
    expect(screen.getByRole('heading', { name: 'Ordem de Serviço nº 1042' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Nome de quem assina')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assinar' })).not.toBeInTheDocument();
  });

  it("the order's NFS-e, once issued, offers its DANFSe through the same link", async () => {
    fakeApi({ [`GET ${api}`]: () => signed({ nfse: { number: '1234' } }) });
    renderPage();
    const card = await screen.findByTestId('public-nfse');
    expect(card).toHaveTextContent('Nota fiscal de serviço nº 1234');
    expect(screen.getByRole('link', { name: 'DANFSe (PDF)' })).toHaveAttribute(
      'href',
      '/api/public/invoices/7/danfse.pdf?token=abc',
    );
  });

  it("the signing time is in the organization's zone the answer carries (Manaus: an hour behind São Paulo)", async () => {
    fakeApi({ [`GET ${api}`]: () => signed({ timeZone: 'America/Manaus' }) });
    renderPage();
    expect(await screen.findByTestId('signed-at')).toHaveTextContent(/^21\/11\/2026,? 11:30$/);
  });

  it('a signed order names who signed when it was not the customer', async () => {
    fakeApi({
      [`GET ${api}`]: () =>
        signed({ customerType: PersonType.Juridical, customerIdentifier: '11222333000181', signerName: 'João Lima' }),
    });
    renderPage();
    expect(await screen.findByRole('img', { name: 'Assinatura de João Lima' })).toBeInTheDocument();
    expect(screen.getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(screen.getByText(/Assinada em/)).toHaveTextContent(/ por João Lima$/);
  });

  it('an unsigned order shows what is signed and the name prefilled for an individual', async () => {
    fakeApi({ [`GET ${api}`]: () => publicInvoice() });
    renderPage();
    expect(await nameField()).toHaveValue('Maria Souza');
    expect(screen.getByRole('heading', { name: 'Ordem de Serviço nº 1042' })).toBeInTheDocument();
    expect(screen.getByText('Demo Refrigeração Ltda')).toBeInTheDocument();
    expect(screen.getByText('529.982.247-25')).toBeInTheDocument();
    expect(screen.getByText('Concluído')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Serviços' })).getByRole('listitem')).toHaveTextContent(
      '2 × Limpeza de split (Filtro e serpentina)',
    );
    expect(within(screen.getByRole('region', { name: 'Equipamentos' })).getByRole('listitem')).toHaveTextContent(
      'Split 12000 · LG S4 · N/S SN-1',
    );
    expect(within(screen.getByRole('region', { name: 'Produtos' })).getByRole('listitem')).toHaveTextContent(
      '1,75 kg × Gás R410',
    );
    // The values are closed at first (the technician holds the phone).
    expect(document.body.textContent).not.toMatch(/R\$/);
    expect(screen.getByRole('button', { name: 'Assinar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpar' })).toBeInTheDocument();
    expect(screen.queryByText(/mudou depois da última assinatura/)).not.toBeInTheDocument();
  });

  it("'Ver valores' opens exactly what the signature covers: line prices, subtotal, discount, total", async () => {
    fakeApi({ [`GET ${api}`]: () => publicInvoice() });
    renderPage();
    await nameField();
    const toggle = screen.getByRole('button', { name: 'Ver valores' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Ocultar valores' })).toHaveAttribute('aria-expanded', 'true');
    // toHaveTextContent folds the no-break space Intl puts after R$ into a plain one.
    expect(within(screen.getByRole('region', { name: 'Serviços' })).getByRole('listitem')).toHaveTextContent(
      '2 × R$ 1.850,00R$ 3.700,00',
    );
    expect(within(screen.getByRole('region', { name: 'Produtos' })).getByRole('listitem')).toHaveTextContent(
      '1,75 kg × R$ 120,50R$ 210,88',
    );
    const values = screen.getByTestId('public-total').closest('dl')!;
    expect(values).toHaveTextContent('SubtotalR$ 3.820,50');
    expect(values).toHaveTextContent('Desconto- R$ 20,50');
    expect(screen.getByTestId('public-total')).toHaveTextContent('R$ 3.800,00');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar valores' }));
    expect(document.body.textContent).not.toMatch(/R\$/);
  });

  it('the link a collaborator is given: the work without any value, nothing to open', async () => {
    fakeApi({
      [`GET ${api}`]: () =>
        publicInvoice({
          withValues: false,
          services: [{ name: 'Limpeza de split', description: 'Filtro e serpentina', quantity: 2 }],
          products: [{ name: 'Gás R410', unit: 'un', quantity: 1 }],
          subTotal: undefined,
          discount: undefined,
          total: undefined,
        }),
    });
    renderPage();
    await nameField();
    expect(within(screen.getByRole('region', { name: 'Serviços' })).getByRole('listitem')).toHaveTextContent(
      '2 × Limpeza de split (Filtro e serpentina)',
    );
    expect(screen.queryByRole('button', { name: 'Ver valores' })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/R\$/);
  });

  it('a company customer: the signer name starts empty; empty sections are left out', async () => {
    fakeApi({
      [`GET ${api}`]: () =>
        publicInvoice({
          customerType: PersonType.Juridical,
          customerIdentifier: '11222333000181',
          products: [],
        }),
    });
    renderPage();
    expect(await nameField()).toHaveValue('');
    expect(screen.getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Produtos' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Serviços' })).toBeInTheDocument();
  });

  it('an outdated signature asks to check and sign again', async () => {
    fakeApi({ [`GET ${api}`]: () => publicInvoice({ isOutdated: true, signature: drawing }) });
    renderPage();
    expect(
      await screen.findByText('A ordem de serviço mudou depois da última assinatura. Confira e assine novamente.'),
    ).toBeInTheDocument();
    expect(await nameField()).toBeInTheDocument();
  });

  it('a canceled order cannot be signed', async () => {
    fakeApi({ [`GET ${api}`]: () => publicInvoice({ canSign: false }) });
    renderPage();
    expect(await screen.findByText('Ordens de serviço canceladas não podem ser assinadas.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nome de quem assina')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assinar' })).not.toBeInTheDocument();
  });

  it('Assinar with nothing drawn asks for the signature and sends nothing', async () => {
    const calls = fakeApi({ [`GET ${api}`]: () => publicInvoice() });
    renderPage();
    await nameField();
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    expect(await screen.findByText(paperworkMessages.emptySignature)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the signer name is required', async () => {
    const calls = fakeApi({ [`GET ${api}`]: () => publicInvoice({ customerType: PersonType.Juridical }) });
    renderPage();
    const name = await nameField();
    await userEvent.click(name);
    await userEvent.tab();
    expect(await screen.findByText(paperworkMessages.signerNameRequired)).toBeInTheDocument();
    expect(name).toHaveClass('is-invalid');
    await userEvent.type(name, 'João Lima');
    expect(name).not.toHaveClass('is-invalid');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("after the reload that follows signing, 'A Ordem de Serviço foi assinada' is shown once", async () => {
    sessionStorage.setItem('invoice-signed', '7');
    fakeApi({ [`GET ${api}`]: () => signed() });
    renderPage();
    expect(await screen.findByText(paperworkMessages.signed)).toBeInTheDocument();
    expect(sessionStorage.getItem('invoice-signed')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'OS assinada' })).toBeInTheDocument();
  });

  it("another order's confirmation is not shown here", async () => {
    sessionStorage.setItem('invoice-signed', '8');
    fakeApi({ [`GET ${api}`]: () => signed() });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'OS assinada' })).toBeInTheDocument();
    expect(screen.queryByText(paperworkMessages.signed)).not.toBeInTheDocument();
    expect(sessionStorage.getItem('invoice-signed')).toBe('8');
  });

  describe('with something drawn (the pad reports a drawing; the drawing itself is not simulated)', () => {
    beforeEach(() => {
      vi.spyOn(SignaturePadLib.prototype, 'isEmpty').mockReturnValue(false);
      vi.spyOn(SignaturePadLib.prototype, 'toDataURL').mockReturnValue(drawing);
    });

    it('signs and goes back to redirectUrl', async () => {
      const calls = fakeApi({
        [`GET ${api}`]: () => publicInvoice(),
        [`POST ${api}/sign`]: () => signed(),
      });
      renderPage('/invoices/7/sign?token=abc&redirectUrl=%2Finvoices%2F7%2Fedit');
      await nameField();
      await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
      expect(await screen.findByText(paperworkMessages.signed)).toBeInTheDocument();
      expect(await screen.findByText('Página da ordem de serviço')).toBeInTheDocument();
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.url.searchParams.get('token')).toBe('abc');
      expect(post?.body).toEqual({ signature: drawing, signerName: 'Maria Souza' });
    });

    it('without a redirectUrl of this site it reloads, keeping the confirmation for after the reload', async () => {
      // jsdom cannot reload (it only reports "not implemented"); the page is checked up to the reload.
      fakeApi({
        [`GET ${api}`]: () => publicInvoice(),
        [`POST ${api}/sign`]: () => signed(),
      });
      renderPage('/invoices/7/sign?token=abc&redirectUrl=https%3A%2F%2Fevil.example%2Finvoices%2F7%2Fedit');
      await nameField();
      await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
      // The signed order the server returned replaces the form.
      expect(await screen.findByRole('heading', { name: 'OS assinada' })).toBeInTheDocument();
      await waitFor(() => expect(sessionStorage.getItem('invoice-signed')).toBe('7'));
      expect(screen.queryByText('Página da ordem de serviço')).not.toBeInTheDocument();
    });

    it('a short signer name is refused before sending', async () => {
      const calls = fakeApi({ [`GET ${api}`]: () => publicInvoice({ customerType: PersonType.Juridical }) });
      renderPage();
      const name = await nameField();
      await userEvent.type(name, 'J');
      await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
      expect(await screen.findByText(paperworkMessages.signerNameRequired)).toBeInTheDocument();
      await waitFor(() => expect(name).toHaveFocus());
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it("a 422 shows the server's messages by their fields", async () => {
      fakeApi({
        [`GET ${api}`]: () => publicInvoice(),
        [`POST ${api}/sign`]: () => ({
          status: 422,
          body: { errors: { signature: [paperworkMessages.emptySignature], signerName: ['Nome inválido'] } },
        }),
      });
      renderPage();
      const name = await nameField();
      await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
      expect(await screen.findByText('Nome inválido')).toBeInTheDocument();
      expect(name).toHaveClass('is-invalid');
      expect(screen.getByText(paperworkMessages.emptySignature, { selector: '[role="alert"]' })).toBeInTheDocument();
      expect(screen.queryByText(paperworkMessages.signed)).not.toBeInTheDocument();
    });
  });
});
