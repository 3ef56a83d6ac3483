import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { groupedPermissions, roleMessages, type RoleDetail } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { RoleEditPage, RoleNewPage } from './role-edit-page.tsx';

const base = '/api/organizations/1';
afterEach(() => vi.unstubAllGlobals());

const everyone = ['organization.see', 'profile.manage', 'notification.read', 'lookup.use'];
const custom: RoleDetail = {
  id: 9,
  name: 'Vendedor',
  builtIn: null,
  description: '',
  permissions: [...everyone, 'customer.see'],
  userCount: 1,
  users: [{ id: 5, name: 'Vera', isActive: true }],
};
const builtIn: RoleDetail = {
  id: 2,
  name: 'Atendente',
  builtIn: 'frontDesk',
  description: 'Clientes, orçamentos e ordens.',
  permissions: [...everyone, 'customer.see', 'estimate.see'],
  userCount: 0,
  users: [],
};

const page = (path: string) =>
  renderAsUser(
    <Routes>
      <Route path="/roles/new" element={<RoleNewPage />} />
      <Route path="/roles/:id/edit" element={<RoleEditPage />} />
      <Route path="/roles" element={<p>lista</p>} />
    </Routes>,
    'admin',
    path,
  );

describe('RoleEditPage', () => {
  it('edits a custom role as a grid: each permission with its explanation, a group at once; saves the names', async () => {
    const calls = fakeApi({
      [`GET ${base}/permissions`]: () => groupedPermissions(),
      [`GET ${base}/roles/9`]: () => custom,
      [`PUT ${base}/roles/9`]: (body) => ({ ...custom, ...(body as object) }),
    });
    page('/roles/9/edit');
    expect(await screen.findByRole('heading', { name: 'Editar Função: Vendedor' })).toBeInTheDocument();
    const see = await screen.findByRole('checkbox', { name: 'Ver clientes' });
    expect(see).toBeChecked();
    expect(see).toHaveAccessibleDescription(/A lista e a ficha dos clientes/);
    // What every role holds: checked and locked.
    expect(screen.getByRole('checkbox', { name: /Receber as próprias notificações/ })).toBeDisabled();
    const estimates = screen.getByRole('group', { name: /Orçamentos/ });
    await userEvent.click(within(estimates).getByRole('button', { name: 'Marcar todas' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ver clientes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')!.body as { name: string; permissions: string[] };
    expect(sent.name).toBe('Vendedor');
    expect(sent.permissions).not.toContain('customer.see');
    expect(sent.permissions).toEqual(
      expect.arrayContaining(['estimate.see', 'estimate.create', 'estimate.edit', 'estimate.send', 'estimate.approve']),
    );
    expect(await screen.findByText('lista')).toBeInTheDocument();
  });

  it('a role in use is not removed: the server says why beside who holds it', async () => {
    fakeApi({
      [`GET ${base}/permissions`]: () => groupedPermissions(),
      [`GET ${base}/roles/9`]: () => custom,
      [`DELETE ${base}/roles/9`]: () => ({ status: 409, body: { errors: [roleMessages.inUse] } }),
    });
    page('/roles/9/edit');
    const holders = await screen.findByRole('region', { name: 'Quem tem esta função (1)' });
    expect(within(holders).getByRole('link', { name: 'Vera' })).toHaveAttribute('href', '/admin/users/5/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Remover' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));
    expect(await within(holders).findByText(roleMessages.inUse)).toBeInTheDocument();
  });

  it('a built-in role is shown read-only, without Remover, and can be copied', async () => {
    fakeApi({
      [`GET ${base}/permissions`]: () => groupedPermissions(),
      [`GET ${base}/roles/2`]: () => builtIn,
    });
    page('/roles/2/edit');
    expect(await screen.findByRole('checkbox', { name: 'Ver orçamentos' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Ver orçamentos' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ver recebimentos' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar uma cópia' })).toHaveAttribute('href', '/roles/new?from=2');
  });

  it('a new role copied from another starts with its permissions; a taken name shows under Nome', async () => {
    const calls = fakeApi({
      [`GET ${base}/permissions`]: () => groupedPermissions(),
      [`GET ${base}/roles/2`]: () => builtIn,
      [`POST ${base}/roles`]: () => ({ status: 422, body: { errors: { name: [roleMessages.nameTaken] } } }),
    });
    page('/roles/new?from=2');
    expect(await screen.findByRole('textbox', { name: 'Nome' })).toHaveValue('Atendente (cópia)');
    expect(screen.getByRole('checkbox', { name: 'Ver orçamentos' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(roleMessages.nameTaken)).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'POST')!.body as { permissions: string[] }).permissions).toContain(
      'estimate.see',
    );
  });
});
