import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { allFeatures, everyonePermissions, type NotificationItem } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { NotificationBell } from './notification-bell.tsx';

beforeEach(() => {
  // jsdom has no matchMedia; the bell asks it whether to drop its panel from the bell (wide).
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const base = '/api/organizations/1/notifications';
const me = {
  id: 1,
  name: 'Ana',
  email: 'admin@x.com',
  roles: ['ROLE_ADMIN'],
  // What /me answers: the permissions the screens follow (everyone's include reading one's own bell).
  permissions: [...everyonePermissions],
  organization: { id: 1, name: 'Org', features: allFeatures },
};

/** A server holding two notifications; mark-as-read stamps readAt, and the list counts what is unread. */
function server(viewer = me) {
  const items: NotificationItem[] = [
    {
      id: 7,
      title: 'OS 120 concluída',
      description: 'Colaborador concluiu a Ordem de Serviço 120.',
      url: '/invoices/20/edit',
      notificationDate: '2026-11-24T15:00:00.000Z',
      readAt: null,
    },
    {
      id: 6,
      title: 'OS 119 assinada',
      description: 'Maria assinou a Ordem de Serviço 119.',
      url: '/invoices/19/edit',
      notificationDate: '2026-11-24T14:00:00.000Z',
      readAt: null,
    },
  ];
  const calls = fakeApi({
    'GET /api/me': () => viewer,
    [`GET ${base}`]: () => ({
      data: items,
      meta: { skip: 0, take: 20, total: items.length, unread: items.filter((n) => !n.readAt).length },
    }),
    [`POST ${base}/7/mark-as-read`]: () => Object.assign(items[0]!, { readAt: '2026-11-24T16:00:00.000Z' }),
  });
  return calls;
}

describe('NotificationBell', () => {
  it('opening a notification marks it read on the server, navigates, and the badge drops', async () => {
    const calls = server();
    renderAsUser(
      <>
        <NotificationBell />
        <Routes>
          <Route path="/" element={<p>início</p>} />
          <Route path="/invoices/:id/edit" element={<p>ordem aberta</p>} />
        </Routes>
      </>,
    );
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'Notificações: 2 não lidas' }));
    const entry = screen.getByText('OS 120 concluída').closest('li')!;
    expect(within(entry).getByRole('button', { name: 'Marcar como lida' })).toBeInTheDocument();
    await userEvent.click(within(entry).getByRole('link', { name: 'OS 120 concluída' }));

    expect(await screen.findByText('ordem aberta')).toBeInTheDocument();
    // No confirmation for opening: the click itself is the request.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${base}/7/mark-as-read`]);
  });

  it('opening one already read sends nothing', async () => {
    const calls = server();
    renderAsUser(<NotificationBell />);
    await screen.findByTestId('notification-badge');
    await userEvent.click(screen.getByRole('button', { name: /^Notificações/ }));
    await userEvent.click(screen.getByRole('link', { name: 'OS 120 concluída' }));
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    await userEvent.click(screen.getByRole('button', { name: /^Notificações/ }));
    await userEvent.click(screen.getByRole('link', { name: 'OS 120 concluída' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('a technician has their bell too, with their own notifications', async () => {
    server({ ...me, id: 2, name: 'Téo', email: 'tecnico@x.com', roles: ['ROLE_USER'] });
    renderAsUser(<NotificationBell />, 'worker');
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('2');
  });
});
