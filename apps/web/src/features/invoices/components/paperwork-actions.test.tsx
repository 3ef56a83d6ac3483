import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceState, paperworkMessages } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture } from '../test/invoice-fixture.ts';
import { PdfButton, SignActions } from './paperwork-actions.tsx';

const base = '/api/organizations/1/invoices/7';
const pdfUrl = '/api/public/pdf/7?token=xyz';

/** What window.open gives back: a blank tab the component writes into and then sends to the PDF. */
function fakeTab() {
  return {
    document: { title: '', body: { textContent: '' } },
    location: { href: '' },
    close: vi.fn(),
  };
}

/** A collaborator's 'PDF' button on an order in progress, window.open giving a fake tab (returned). */
function workerPdfButtonInNewTab() {
  const tab = fakeTab();
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  renderAsUser(
    <PdfButton invoice={invoiceFixture({ statusState: InvoiceState.Wip })} choosesValues={false} />,
    'worker',
  );
  return tab;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PdfButton', () => {
  it.each([InvoiceState.Draft, InvoiceState.Canceled])('is hidden for state %i', (state) => {
    fakeApi({});
    renderAsUser(<PdfButton invoice={invoiceFixture({ statusState: state })} choosesValues />);
    expect(screen.queryByRole('button', { name: 'PDF' })).not.toBeInTheDocument();
  });

  // A not-started order's PDF is its job sheet (marked as such by the server).
  it.each([InvoiceState.Todo, InvoiceState.Wip, InvoiceState.Blocked, InvoiceState.Completed])(
    'is shown for state %i',
    (state) => {
      fakeApi({});
      renderAsUser(<PdfButton invoice={invoiceFixture({ statusState: state })} choosesValues={false} />);
      expect(screen.getByRole('button', { name: 'PDF' })).toBeInTheDocument();
    },
  );

  it.each([
    ['PDF com valores', true],
    ['PDF sem valores', false],
  ] as const)("admin: '%s' opens the tab at the click, then sends it to the PDF link", async (label, showValues) => {
    const calls = fakeApi({ [`POST ${base}/pdf`]: () => ({ url: pdfUrl }) });
    const tab = fakeTab();
    // The tab must be opened before the request: opened after an await it is taken for a pop-up.
    let requestsBeforeOpen = -1;
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      requestsBeforeOpen = calls.length;
      return tab as unknown as Window;
    });
    renderAsUser(<PdfButton invoice={invoiceFixture({ statusState: InvoiceState.Completed })} choosesValues />);
    expect(screen.queryByText(label)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'PDF' }));
    await userEvent.click(await screen.findByText(label));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(requestsBeforeOpen).toBe(0);
    await waitFor(() => expect(tab.location.href).toBe(pdfUrl));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [`${base}/pdf`, { showValues }],
    ]);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('a blocked pop-up toasts and asks nothing of the server', async () => {
    const calls = fakeApi({ [`POST ${base}/pdf`]: () => ({ url: pdfUrl }) });
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderAsUser(<PdfButton invoice={invoiceFixture({ statusState: InvoiceState.Wip })} choosesValues />);
    await userEvent.click(screen.getByRole('button', { name: 'PDF' }));
    await userEvent.click(await screen.findByText('PDF com valores'));
    expect(await screen.findByText(paperworkMessages.popupBlocked)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("collaborator: a plain 'PDF' button, always without values", async () => {
    const calls = fakeApi({ [`POST ${base}/pdf`]: () => ({ url: pdfUrl }) });
    const tab = workerPdfButtonInNewTab();
    await userEvent.click(screen.getByRole('button', { name: 'PDF' }));
    expect(screen.queryByText('PDF com valores')).not.toBeInTheDocument();
    await waitFor(() => expect(tab.location.href).toBe(pdfUrl));
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', `${base}/pdf`, { showValues: false }]]);
  });

  it('a refused request closes the tab and shows the server message', async () => {
    fakeApi({ [`POST ${base}/pdf`]: () => ({ status: 409, body: { errors: [paperworkMessages.pdfUnavailable] } }) });
    const tab = workerPdfButtonInNewTab();
    await userEvent.click(screen.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText(paperworkMessages.pdfUnavailable)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});

describe('SignActions', () => {
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("'Assinar' opens the signing page and comes back to the order", () => {
    fakeApi({});
    renderAsUser(<SignActions invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    expect(screen.getByRole('link', { name: 'Assinar' })).toHaveAttribute(
      'href',
      '/invoices/7/sign?token=abc&redirectUrl=%2Finvoices%2F7%2Fedit',
    );
    expect(screen.getByRole('button', { name: 'Link de assinatura' })).toBeInTheDocument();
  });

  it("'Link de assinatura' copies the full public link and toasts 'Link copiado'", async () => {
    fakeApi({});
    renderAsUser(<SignActions invoice={invoiceFixture({ statusState: InvoiceState.Completed })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Link de assinatura' }));
    expect(await screen.findByText(paperworkMessages.linkCopied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invoices/7/sign?token=abc`);
  });

  it('where nothing can copy, the link is shown to copy by hand', async () => {
    writeText.mockRejectedValue(new Error('not allowed'));
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      fakeApi({});
      renderAsUser(<SignActions invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
      await userEvent.click(screen.getByRole('button', { name: 'Link de assinatura' }));
      const dialog = await screen.findByRole('dialog', { name: 'Link de assinatura' });
      expect(within(dialog).getByLabelText('Copie o link e envie ao cliente:')).toHaveValue(
        `${window.location.origin}/invoices/7/sign?token=abc`,
      );
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(screen.queryByText(paperworkMessages.linkCopied)).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('nothing without a sign link (already signed) or on a Canceled order', () => {
    fakeApi({});
    const { unmount } = renderAsUser(
      <SignActions invoice={invoiceFixture({ statusState: InvoiceState.Wip, signUrl: null })} />,
    );
    expect(screen.queryByRole('link', { name: 'Assinar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link de assinatura' })).not.toBeInTheDocument();
    unmount();
    renderAsUser(<SignActions invoice={invoiceFixture({ statusState: InvoiceState.Canceled })} />);
    expect(screen.queryByRole('link', { name: 'Assinar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link de assinatura' })).not.toBeInTheDocument();
  });

  describe("'Enviar pelo WhatsApp'", () => {
    const template = `GET /api/organizations/1/companies/1/whatsapp`;
    const signLink = `${window.location.origin}/invoices/7/sign?token=abc`;

    it("admin: the company's message, filled, to the customer's mobile", async () => {
      const calls = fakeApi({
        [template]: () => ({ template: '{{cliente}}, OS {{numero}} da {{empresa}}: {{link}}' }),
      });
      renderAsUser(<SignActions invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
      const link = await screen.findByRole('link', { name: 'Enviar pelo WhatsApp' });
      const text = `Maria Souza, OS 1042 da Demo Refrigeração Ltda: ${signLink}`;
      expect(link).toHaveAttribute('href', `https://wa.me/5511987654321?text=${encodeURIComponent(text)}`);
      expect(link).toHaveAttribute('target', '_blank');
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([template]);
    });

    it('admin: the default message when the template cannot be read', async () => {
      fakeApi({});
      renderAsUser(<SignActions invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
      const link = await screen.findByRole('link', { name: 'Enviar pelo WhatsApp' });
      const text = `Olá Maria Souza! Segue a ordem de serviço nº 1042 da Demo Refrigeração Ltda para conferir e assinar: ${signLink}`;
      expect(link).toHaveAttribute('href', `https://wa.me/5511987654321?text=${encodeURIComponent(text)}`);
    });

    it.each([
      [null, null, 'O cliente não tem celular cadastrado'],
      ['(11) 3456-7890', '+551134567890', 'Celular do cliente inválido'],
      ['1187654321', null, 'Celular do cliente inválido'],
    ])('admin, customer phone %s: disabled with the reason', async (customerPhone, customerPhoneE164, reason) => {
      fakeApi({ [template]: () => ({ template: '{{link}}' }) });
      renderAsUser(
        <SignActions invoice={invoiceFixture({ statusState: InvoiceState.Wip, customerPhone, customerPhoneE164 })} />,
      );
      expect(await screen.findByText(reason)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Enviar pelo WhatsApp' })).toBeDisabled();
      expect(screen.queryByRole('link', { name: 'Enviar pelo WhatsApp' })).not.toBeInTheDocument();
    });

    it('a collaborator has no WhatsApp button and asks nothing of the server', () => {
      const calls = fakeApi({});
      renderAsUser(<SignActions invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />, 'worker');
      expect(screen.getByRole('button', { name: 'Link de assinatura' })).toBeInTheDocument();
      expect(screen.queryByText('Enviar pelo WhatsApp')).not.toBeInTheDocument();
      expect(calls).toEqual([]);
    });
  });
});
