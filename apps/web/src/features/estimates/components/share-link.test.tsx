import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { ShareLinkCard } from './share-link.tsx';

const base = '/api/organizations/1/estimates/3';
const share = { url: '/estimates/3/review?token=abc', expiresAt: '2026-12-25T13:00:00.000Z' };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ShareLinkCard', () => {
  it('shows the absolute link to copy and until when it works', () => {
    fakeApi({});
    renderAsUser(<ShareLinkCard estimateId={3} share={share} />);
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
    renderAsUser(<ShareLinkCard estimateId={3} share={share} />);
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
    renderAsUser(<ShareLinkCard estimateId={3} share={share} />);
    await userEvent.click(screen.getByRole('button', { name: 'Revogar link' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revogar link' }));
    expect(await screen.findByText('Link revogado')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${base}/share`]);
  });

  it('a failed revocation does not say the link was revoked', async () => {
    fakeApi({ [`DELETE ${base}/share`]: () => ({ status: 404, body: { errors: ['Registro não encontrado.'] } }) });
    renderAsUser(<ShareLinkCard estimateId={3} share={share} />);
    await userEvent.click(screen.getByRole('button', { name: 'Revogar link' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revogar link' }));
    expect(await screen.findByText('Registro não encontrado.')).toBeInTheDocument();
    expect(screen.queryByText('Link revogado')).not.toBeInTheDocument();
  });
});
