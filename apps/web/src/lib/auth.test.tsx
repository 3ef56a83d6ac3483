import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { can, ROLE_USER } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../test/fake-api.tsx';
import { useViewer } from './auth.tsx';

afterEach(() => vi.unstubAllGlobals());

function Probe() {
  const viewer = useViewer();
  return <p>{['customer.see', 'invoice.work', 'cost.see'].map((p) => `${p}:${can(viewer, p as never)}`).join(' ')}</p>;
}

describe('useViewer', () => {
  it("holds what /me answers, not what the token's stored role value would give", async () => {
    // A custom role: the token still says ROLE_USER (a technician's value), /me names the role's permissions.
    fakeApi({
      'GET /api/me': () => ({
        id: 2,
        name: 'Teo',
        email: 'worker@x.com',
        roles: [ROLE_USER],
        permissions: ['customer.see', 'cost.see', 'a.permission.this.build.does.not.know'],
        organization: { id: 1, name: 'Oficina', timeZone: 'America/Sao_Paulo', features: {} },
      }),
    });
    renderAsUser(<Probe />, 'worker');
    expect(await screen.findByText('customer.see:true invoice.work:false cost.see:true')).toBeInTheDocument();
  });
});
