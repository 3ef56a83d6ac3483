import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paperworkMessages, type InvoiceDetail } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture } from '../test/invoice-fixture.ts';
import { SignatureCard } from './signature-card.tsx';

const base = '/api/organizations/1/invoices/7';
const originalUrl = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:assinatura-5'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(URL, originalUrl);
});

const signature = (over: Partial<NonNullable<InvoiceDetail['signature']>> = {}) => ({
  id: 5,
  width: 300,
  height: 120,
  signerName: 'Maria Souza',
  signedAt: '2026-11-21T15:30:00.000Z',
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  isOutdated: false,
  ...over,
});

const card = () => screen.getByRole('region', { name: /Assinatura do cliente/ });

describe('SignatureCard', () => {
  it("without a signature: 'Não assinada' and waiting for the customer", () => {
    fakeApi({});
    renderAsUser(<SignatureCard invoice={invoiceFixture()} renewsLink={false} />);
    expect(within(card()).getByText('Não assinada')).toBeInTheDocument();
    expect(within(card()).getByText('Aguardando a assinatura do cliente.')).toBeInTheDocument();
    expect(within(card()).queryByRole('img')).not.toBeInTheDocument();
    expect(within(card()).queryByText('Assinada')).not.toBeInTheDocument();
  });

  it('a valid signature: the image (asked for apart from the order), who signed, when, from which IP, and the Assinada badge', async () => {
    const calls = fakeApi({ [`GET ${base}/signatures/5/image`]: () => 'png' });
    renderAsUser(
      <SignatureCard invoice={invoiceFixture({ isSigned: true, signUrl: null, signature: signature() })} renewsLink />,
    );
    const img = await within(card()).findByRole('img', { name: 'Assinatura de Maria Souza' });
    expect(img).toHaveAttribute('src', 'blob:assinatura-5');
    // The size the order states keeps the box in place before the image comes.
    expect(img).toHaveAttribute('width', '300');
    expect(img).toHaveAttribute('height', '120');
    expect(calls.filter((c) => c.path.endsWith('/image'))).toHaveLength(1);
    expect(within(card()).getByText('Maria Souza')).toBeInTheDocument();
    // 15:30 UTC is 12:30 in São Paulo.
    expect(within(card()).getByText(/^Assinada em 21\/11\/2026,? 12:30 · IP 203\.0\.113\.9$/)).toBeInTheDocument();
    expect(within(card()).getByText('Assinada')).toBeInTheDocument();
    expect(within(card()).queryByText('Não assinada')).not.toBeInTheDocument();
    expect(within(card()).queryByText('Desatualizada')).not.toBeInTheDocument();
    expect(within(card()).queryByText(/mudou depois de assinada/)).not.toBeInTheDocument();
    // Validly signed: no link to renew.
    expect(screen.queryByRole('button', { name: 'Gerar novo link de assinatura' })).not.toBeInTheDocument();
  });

  it("an outdated signature: 'Desatualizada' and the warning to sign again", async () => {
    fakeApi({ [`GET ${base}/signatures/5/image`]: () => 'png' });
    renderAsUser(
      <SignatureCard
        invoice={invoiceFixture({ isSigned: false, signature: signature({ isOutdated: true }) })}
        renewsLink
      />,
    );
    expect(within(card()).getByText('Desatualizada')).toBeInTheDocument();
    expect(within(card()).queryByText('Assinada')).not.toBeInTheDocument();
    expect(within(card()).queryByText('Não assinada')).not.toBeInTheDocument();
    expect(within(card()).getByText(/^A ordem de serviço mudou depois de assinada/)).toHaveTextContent(
      `${paperworkMessages.signatureOutdated} Colete uma nova assinatura.`,
    );
    expect(await within(card()).findByRole('img', { name: 'Assinatura de Maria Souza' })).toBeInTheDocument();
  });

  it('an image that cannot be loaded says so in the card; the evidence stays', async () => {
    fakeApi({ [`GET ${base}/signatures/5/image`]: () => ({ status: 500, body: { errors: ['falhou'] } }) });
    renderAsUser(
      <SignatureCard invoice={invoiceFixture({ isSigned: true, signUrl: null, signature: signature() })} renewsLink />,
    );
    expect(await within(card()).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Não foi possível carregar a imagem da assinatura.',
    );
    expect(within(card()).getByText('Maria Souza')).toBeInTheDocument();
  });

  it("'Gerar novo link de assinatura' is for admins, and only while there is a link", () => {
    fakeApi({});
    const { unmount } = renderAsUser(<SignatureCard invoice={invoiceFixture()} renewsLink={false} />, 'worker');
    expect(screen.queryByRole('button', { name: 'Gerar novo link de assinatura' })).not.toBeInTheDocument();
    unmount();
    const second = renderAsUser(<SignatureCard invoice={invoiceFixture({ signUrl: null })} renewsLink />);
    expect(screen.queryByRole('button', { name: 'Gerar novo link de assinatura' })).not.toBeInTheDocument();
    second.unmount();
    renderAsUser(<SignatureCard invoice={invoiceFixture()} renewsLink />);
    expect(screen.getByRole('button', { name: 'Gerar novo link de assinatura' })).toBeInTheDocument();
  });

  it('renewing the link asks first, then posts sign-link', async () => {
    const calls = fakeApi({ [`POST ${base}/sign-link`]: () => ({ signUrl: '/invoices/7/sign?token=new' }) });
    renderAsUser(<SignatureCard invoice={invoiceFixture()} renewsLink />);
    await userEvent.click(screen.getByRole('button', { name: 'Gerar novo link de assinatura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gerar novo link de assinatura?' });
    expect(within(dialog).getByText(new RegExp(`^${paperworkMessages.renewLinkConfirm}`))).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar novo link' }));
    expect(await screen.findByText(paperworkMessages.linkRenewed)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${base}/sign-link`]);
  });

  it('cancelling the renewal posts nothing', async () => {
    const calls = fakeApi({ [`POST ${base}/sign-link`]: () => ({ signUrl: '/invoices/7/sign?token=new' }) });
    renderAsUser(<SignatureCard invoice={invoiceFixture()} renewsLink />);
    await userEvent.click(screen.getByRole('button', { name: 'Gerar novo link de assinatura' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('button', { name: 'Gerar novo link de assinatura' })).toBeEnabled();
    expect(calls).toEqual([]);
  });

  it('a refused renewal shows the server message', async () => {
    fakeApi({
      [`POST ${base}/sign-link`]: () => ({ status: 409, body: { errors: [paperworkMessages.alreadySigned] } }),
    });
    renderAsUser(<SignatureCard invoice={invoiceFixture()} renewsLink />);
    await userEvent.click(screen.getByRole('button', { name: 'Gerar novo link de assinatura' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Gerar novo link' }));
    expect(await screen.findByText(paperworkMessages.alreadySigned)).toBeInTheDocument();
    expect(screen.queryByText(paperworkMessages.linkRenewed)).not.toBeInTheDocument();
  });
});
