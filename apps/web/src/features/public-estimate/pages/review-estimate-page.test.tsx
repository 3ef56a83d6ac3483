import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import SignaturePadLib from 'signature_pad';
import { estimateShareMessages, PersonType, type PublicEstimate } from '@ordem-certa/contracts';
import { fakeApi } from '../../../test/fake-api.tsx';
import { renderPublicRoutes, stubCanvas } from '../../../test/render.tsx';
import { CHANGED_NOTICE, ReviewEstimatePage } from './review-estimate-page.tsx';

const api = '/api/public/estimates/9';
const hash = 'a'.repeat(64);
const drawing = 'data:image/png;base64,iVBORw0KGgo=';

function publicEstimate(over: Partial<PublicEstimate> = {}): PublicEstimate {
  return {
    id: 9,
    number: 318,
    companyName: 'Demo Refrigeração Ltda',
    companyIdentifier: '11222333000181',
    companyType: PersonType.Juridical,
    logo: null,
    customerName: 'Maria Souza',
    natureName: 'Prestação de serviço',
    timeZone: 'America/Sao_Paulo',
    createdAt: '2026-11-20T13:00:00.000Z',
    expiresAt: '2026-12-20T13:00:00.000Z',
    services: [{ name: 'Limpeza de split', description: 'Filtro e serpentina', quantity: 2, price: 1850 }],
    products: [{ name: 'Gás R410', unit: 'kg', quantity: 1.75, price: 120.5 }],
    equipments: [{ name: 'Split 12000', brand: 'LG', model: 'S4', serialNumber: 'SN-1' }],
    subTotal: 3820.5,
    discount: 20.5,
    total: 3800,
    pix: null,
    contentHash: hash,
    changedSinceShared: false,
    canDecide: true,
    decision: null,
    ...over,
  };
}

const approved = (over: Partial<PublicEstimate> = {}) =>
  publicEstimate({
    canDecide: false,
    // 13:00 UTC is 10:00 in São Paulo.
    decision: { decision: 'approved', name: 'Maria', reason: null, decidedAt: '2026-11-25T13:00:00.000Z' },
    ...over,
  });

function renderPage(route = '/estimates/9/review?token=abc') {
  return renderPublicRoutes(<Route path="/estimates/:id/review" element={<ReviewEstimatePage />} />, route);
}

const nameField = () => screen.findByLabelText('Seu nome');

beforeEach(() => {
  stubCanvas();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReviewEstimatePage', () => {
  it('shows the quote: company, number, customer, dates, equipment, priced lines and totals', async () => {
    const calls = fakeApi({ [`GET ${api}`]: () => publicEstimate() });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Orçamento nº 318' })).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.path, c.url.searchParams.get('token')])).toEqual([['GET', api, 'abc']]);
    expect(screen.getByText('Demo Refrigeração Ltda')).toBeInTheDocument();
    expect(screen.getByText('Maria Souza')).toBeInTheDocument();
    expect(screen.getByText('20/11/2026')).toBeInTheDocument();
    expect(screen.getByTestId('valid-until')).toHaveTextContent('20/12/2026');
    expect(within(screen.getByRole('region', { name: 'Equipamentos' })).getByRole('listitem')).toHaveTextContent(
      'Split 12000 · LG S4 · N/S SN-1',
    );
    // toHaveTextContent folds the no-break space Intl puts after R$ into a plain one.
    expect(within(screen.getByRole('region', { name: 'Serviços' })).getByRole('listitem')).toHaveTextContent(
      'Limpeza de splitFiltro e serpentina2 × R$ 1.850,00R$ 3.700,00',
    );
    expect(within(screen.getByRole('region', { name: 'Produtos' })).getByRole('listitem')).toHaveTextContent(
      'Gás R4101,75 kg × R$ 120,50R$ 210,88',
    );
    const values = screen.getByTestId('estimate-total').closest('dl')!;
    expect(values).toHaveTextContent('SubtotalR$ 3.820,50');
    expect(values).toHaveTextContent('Desconto- R$ 20,50');
    expect(screen.getByTestId('estimate-total')).toHaveTextContent('R$ 3.800,00');
    expect(screen.queryByTestId('pix-card')).not.toBeInTheDocument();
    expect(screen.queryByText(CHANGED_NOTICE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprovar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recusar' })).toBeInTheDocument();
  });

  it("shows the deposit's PIX block and the notice of a quote changed after it was sent", async () => {
    fakeApi({
      [`GET ${api}`]: () =>
        publicEstimate({
          changedSinceShared: true,
          pix: { code: '00020126580014BR.GOV.BCB.PIX', qr: drawing, amount: 3800 },
        }),
    });
    renderPage();
    expect(await screen.findByText(CHANGED_NOTICE)).toBeInTheDocument();
    const pix = screen.getByTestId('pix-card');
    expect(within(pix).getByRole('heading', { name: 'Entrada por PIX' })).toBeInTheDocument();
    expect(within(pix).getByRole('img', { name: 'QR Code do PIX' })).toHaveAttribute('src', drawing);
    expect(within(pix).getByLabelText('PIX copia e cola')).toHaveValue('00020126580014BR.GOV.BCB.PIX');
    expect(within(pix).getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
  });

  it('a wrong or revoked link (404) says so and offers no answer', async () => {
    fakeApi({ [`GET ${api}`]: () => ({ status: 404, body: { errors: [estimateShareMessages.linkInvalid] } }) });
    renderPage('/estimates/9/review?token=revogado');
    expect(await screen.findByText('Link inválido ou revogado')).toBeInTheDocument();
    expect(screen.queryByLabelText('Seu nome')).not.toBeInTheDocument();
  });

  it("an expired link (410) shows the server's message", async () => {
    fakeApi({ [`GET ${api}`]: () => ({ status: 410, body: { errors: ['Este link expirou. Peça outro.'] } }) });
    renderPage();
    expect(await screen.findByText('Este link expirou. Peça outro.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
  });

  it('an answered quote shows the answer and no actions', async () => {
    fakeApi({ [`GET ${api}`]: () => approved() });
    renderPage();
    expect(await screen.findByTestId('estimate-decision')).toHaveTextContent(
      'Orçamento aprovado por Maria em 25/11/2026 10:00',
    );
    expect(screen.queryByLabelText('Seu nome')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recusar' })).not.toBeInTheDocument();
  });

  it("dates are the organization's, whatever the phone's zone: the answer's zone (Manaus) is used", async () => {
    fakeApi({
      [`GET ${api}`]: () =>
        publicEstimate({
          timeZone: 'America/Manaus',
          createdAt: '2026-11-21T03:30:00.000Z', // 23:30 of the 20th in Manaus, the 21st in São Paulo
          canDecide: false,
          decision: { decision: 'declined', name: null, reason: null, decidedAt: '2026-11-25T13:00:00.000Z' },
        }),
    });
    renderPage();
    expect(await screen.findByTestId('estimate-decision')).toHaveTextContent('Orçamento recusado em 25/11/2026 09:00');
    expect(screen.getByText('20/11/2026')).toBeInTheDocument();
  });

  it('a declined quote shows the refusal with its reason', async () => {
    fakeApi({
      [`GET ${api}`]: () =>
        publicEstimate({
          canDecide: false,
          decision: { decision: 'declined', name: null, reason: 'Caro demais', decidedAt: '2026-11-25T13:00:00.000Z' },
        }),
    });
    renderPage();
    const answer = await screen.findByTestId('estimate-decision');
    expect(answer).toHaveTextContent('Orçamento recusado em 25/11/2026 10:00');
    expect(answer).toHaveTextContent('Motivo: Caro demais');
  });

  it('a quote no longer open says so, without actions', async () => {
    fakeApi({ [`GET ${api}`]: () => publicEstimate({ canDecide: false }) });
    renderPage();
    expect(await screen.findByText(`${estimateShareMessages.notOpen}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
  });

  it('Aprovar without a name asks for it and sends nothing', async () => {
    const calls = fakeApi({ [`GET ${api}`]: () => publicEstimate() });
    renderPage();
    const name = await nameField();
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText(estimateShareMessages.nameRequired)).toBeInTheDocument();
    expect(name).toHaveClass('is-invalid');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('Aprovar with nothing drawn sends the name and the content hash, then shows the answer', async () => {
    const calls = fakeApi({
      [`GET ${api}`]: () => publicEstimate(),
      [`POST ${api}/approve`]: () => approved(),
    });
    renderPage();
    await userEvent.type(await nameField(), '  Maria ');
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByTestId('estimate-decision')).toHaveTextContent(
      'Orçamento aprovado por Maria em 25/11/2026 10:00',
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.searchParams.get('token')).toBe('abc');
    expect(post?.body).toEqual({ name: 'Maria', contentHash: hash });
    expect(screen.queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
  });

  it('Aprovar with a drawing sends it too', async () => {
    vi.spyOn(SignaturePadLib.prototype, 'isEmpty').mockReturnValue(false);
    vi.spyOn(SignaturePadLib.prototype, 'toDataURL').mockReturnValue(drawing);
    const calls = fakeApi({
      [`GET ${api}`]: () => publicEstimate(),
      [`POST ${api}/approve`]: () => approved(),
    });
    renderPage();
    await userEvent.type(await nameField(), 'Maria');
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByTestId('estimate-decision')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Maria',
      signature: drawing,
      contentHash: hash,
    });
  });

  it('Recusar opens the reason and sends it with the content hash (the name may be left out)', async () => {
    const calls = fakeApi({
      [`GET ${api}`]: () => publicEstimate(),
      [`POST ${api}/decline`]: () =>
        publicEstimate({
          canDecide: false,
          decision: { decision: 'declined', name: null, reason: 'Caro', decidedAt: '2026-11-25T13:00:00.000Z' },
        }),
    });
    renderPage();
    await nameField();
    await userEvent.click(screen.getByRole('button', { name: 'Recusar' }));
    await userEvent.type(screen.getByLabelText('Motivo'), 'Caro');
    await userEvent.click(screen.getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByTestId('estimate-decision')).toHaveTextContent('Orçamento recusado em 25/11/2026 10:00');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Caro', contentHash: hash });
  });

  it("a 422 shows the server's messages under their fields", async () => {
    fakeApi({
      [`GET ${api}`]: () => publicEstimate(),
      [`POST ${api}/approve`]: () => ({
        status: 422,
        body: { errors: { name: ['Nome inválido'], signature: [estimateShareMessages.emptySignature] } },
      }),
    });
    renderPage();
    const name = await nameField();
    await userEvent.type(name, 'Maria');
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Nome inválido')).toBeInTheDocument();
    expect(name).toHaveClass('is-invalid');
    expect(screen.getByText(estimateShareMessages.emptySignature, { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.queryByTestId('estimate-decision')).not.toBeInTheDocument();
  });

  it('an estimate changed since the page loaded (409): the current version is loaded and the reason shown', async () => {
    let version = 0;
    const calls = fakeApi({
      [`GET ${api}`]: () =>
        version++ === 0
          ? publicEstimate()
          : publicEstimate({ total: 4000, contentHash: 'b'.repeat(64), changedSinceShared: true }),
      [`POST ${api}/approve`]: () => ({ status: 409, body: { errors: [estimateShareMessages.changed] } }),
    });
    renderPage();
    await userEvent.type(await nameField(), 'Maria');
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText(estimateShareMessages.changed)).toBeInTheDocument();
    expect(await screen.findByText(CHANGED_NOTICE)).toBeInTheDocument();
    expect(screen.getByTestId('estimate-total')).toHaveTextContent('R$ 4.000,00');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    expect(screen.queryByTestId('estimate-decision')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprovar' })).toBeInTheDocument();
  });
});
