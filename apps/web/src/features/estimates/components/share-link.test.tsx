import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { ShareLinkCard } from './share-link.tsx';

const base = '/api/organizations/1/estimates/3';
const share = { url: '/estimates/3/review?token=abc', expiresAt: '2026-12-25T13:00:00.000Z' };
const estimate = {
  id: 3,
  number: 57,
  companyId: 1,
  companyName: 'Polar Ltda',
  customerName: 'Ana Souza',
  customerPhone: '(11) 98765-4321',
  customerPhoneE164: '+5511987654321',
};
const template = 'GET /api/organizations/1/companies/1/whatsapp';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ShareLinkCard', () => {
  it('shows the absolute link to copy and until when it works', () => {
    fakeApi({});
    renderAsUser(<ShareLinkCard estimate={estimate} share={share} />);
    const card = screen.getByRole('region', { name: 'Link para o cliente' });
    expect(within(card).getByLabelText('Link público (sem login)')).toHaveValue(
      `${window.location.origin}/estimates/3/review?token=abc`,
    );
    expect(within(card).getByTestId('share-valid-until')).toHaveTextContent('Válido até 25/12/2026');
  });

  it("'Copiar' says Copiado only when the clipboard took the link", async () => {
    fakeApi({});
    const writeText = vi.fn().mockRejectedValueOnce(new Error('denied')).mockResolvedValueOnce(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAsUser(<ShareLinkCard estimate={estimate} share={share} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByRole('button', { name: 'Copiado' })).toBeInTheDocument();
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/estimates/3/review?token=abc`);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("'Revogar link' asks first, then revokes and says so", async () => {
    const calls = fakeApi({
      // The fake answers 200 with no body (a Response cannot carry the real 204 with a body).
      [`DELETE ${base}/share`]: () => undefined,
      [`GET ${base}`]: () => ({}),
    });
    renderAsUser(<ShareLinkCard estimate={estimate} share={share} />);
    await userEvent.click(screen.getByRole('button', { name: 'Revogar link' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revogar link' }));
    expect(await screen.findByText('Link revogado')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${base}/share`]);
  });

  it('a failed revocation does not say the link was revoked', async () => {
    fakeApi({ [`DELETE ${base}/share`]: () => ({ status: 404, body: { errors: ['Registro não encontrado.'] } }) });
    renderAsUser(<ShareLinkCard estimate={estimate} share={share} />);
    await userEvent.click(screen.getByRole('button', { name: 'Revogar link' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revogar link' }));
    expect(await screen.findByText('Registro não encontrado.')).toBeInTheDocument();
    expect(screen.queryByText('Link revogado')).not.toBeInTheDocument();
  });

  it("'Enviar pelo WhatsApp' carries the approval link in the company's estimate message", async () => {
    fakeApi({
      [template]: () => ({
        template: 'OS {{link}}',
        estimateTemplate: 'Oi {{cliente}}, orçamento {{numero}}: {{link}}',
      }),
    });
    renderAsUser(<ShareLinkCard estimate={estimate} share={share} />);
    const link = await screen.findByRole('link', { name: 'Enviar pelo WhatsApp' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/5511987654321');
    expect(href.searchParams.get('text')).toBe(
      `Oi Ana Souza, orçamento 57: ${window.location.origin}/estimates/3/review?token=abc`,
    );
  });

  it('without a mobile the button is disabled and says why', async () => {
    fakeApi({ [template]: () => ({ template: '{{link}}', estimateTemplate: '{{link}}' }) });
    renderAsUser(
      <ShareLinkCard estimate={{ ...estimate, customerPhone: null, customerPhoneE164: null }} share={share} />,
    );
    await waitFor(() => expect(screen.getByTestId('whatsapp-unavailable')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Enviar pelo WhatsApp' })).toBeDisabled();
  });
});
