import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { portalMessages } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { PortalSignInPage } from './portal-sign-in-page.tsx';
import { PortalHomePage } from './portal-home-page.tsx';

const brand = { organizationId: 7, companyName: 'Polar Ltda', logo: null, brandColor: null };
afterEach(() => vi.unstubAllGlobals());

describe('PortalSignInPage', () => {
  it('asks for the link by the mobile (WhatsApp) as well as by e-mail; neither is refused on the e-mail', async () => {
    const calls = fakeApi({
      'GET /api/public/portal/7': () => brand,
      'POST /api/public/portal/7/access': () => ({ status: 202, body: { message: portalMessages.requested } }),
    });
    renderAsUser(<PortalSignInPage />, 'admin', '/portal/entrar?org=7');
    const submit = await screen.findByRole('button', { name: 'Quero acessar' });
    await userEvent.click(submit);
    expect(await screen.findByText(portalMessages.contactRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(screen.getByLabelText('ou o seu celular (WhatsApp)'), '11987654321');
    await userEvent.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent(portalMessages.requested);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ email: null, phone: '(11) 98765-4321' });
  });
});

describe('PortalHomePage', () => {
  const me = (estimates: boolean) => ({
    customer: { id: 1, name: 'Maria', email: null },
    brand,
    sessionExpiresAt: '2027-01-01T00:00:00Z',
    sections: { estimates, nfse: true },
  });
  const list = () => ({ data: [], meta: { total: 0, skip: 0, take: 50 } });

  it.each([true, false])('estimates on: %s — the section and its request only when on', async (on) => {
    const calls = fakeApi({
      'GET /api/portal/me': () => me(on),
      'GET /api/portal/orders': list,
      'GET /api/portal/estimates': list,
    });
    renderAsUser(<PortalHomePage />, 'admin', '/portal');
    expect(await screen.findByText('Ordens de serviço em aberto')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/portal/me')).toBe(true));
    if (on) expect(await screen.findByText('Orçamentos')).toBeInTheDocument();
    else {
      await waitFor(() => expect(calls.filter((c) => c.path === '/api/portal/orders')).toHaveLength(2));
      expect(screen.queryByText('Orçamentos')).not.toBeInTheDocument();
      expect(calls.some((c) => c.path === '/api/portal/estimates')).toBe(false);
    }
  });
});
