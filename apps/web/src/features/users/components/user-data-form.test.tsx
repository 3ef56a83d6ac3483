import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleMessages, userMessages, type UpdateUserBody } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { UserDataForm } from './user-data-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const role = (id: number, name: string, builtIn: string | null) => ({
  id,
  name,
  builtIn,
  description: '',
  permissions: [],
  userCount: 0,
});
const roles = {
  'GET /api/organizations/1/roles': () => ({
    data: [role(1, 'Administrador', 'admin'), role(4, 'Técnico', 'technician'), role(9, 'Vendedor', null)],
    meta: { total: 3, skip: 0, take: 100 },
  }),
};

describe('UserDataForm', () => {
  it("offers the organization's roles, its own too, and sends the one chosen by id", async () => {
    fakeApi(roles);
    const onSubmit = vi.fn(async (_v: UpdateUserBody) => undefined);
    renderAsUser(<UserDataForm mode="create" onSubmit={onSubmit} />);
    const select = await screen.findByRole('combobox', { name: 'Perfil' });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(userMessages.roleRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Nome'), 'Vera');
    await userEvent.selectOptions(select, 'Vendedor');
    await userEvent.type(screen.getByLabelText('E-mail'), 'vera@x.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'senha-da-vera');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Vera', roleId: 9, email: 'vera@x.com' });
  });

  it("shows the saved role, and the server's refusal (the last who manages users) under the select", async () => {
    fakeApi(roles);
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, { errors: { roleId: [roleMessages.lastUserManager] } });
    });
    renderAsUser(
      <UserDataForm
        mode="edit"
        defaultValues={{ name: 'Ana', roleId: 1, email: 'ana@x.com', plainPassword: '', isActive: true }}
        onSubmit={onSubmit}
      />,
    );
    const select = await screen.findByRole('combobox', { name: 'Perfil' });
    expect(select).toHaveDisplayValue('Administrador');
    await userEvent.selectOptions(select, 'Técnico');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(roleMessages.lastUserManager)).toBeInTheDocument();
    expect(select).toHaveClass('is-invalid');
  });
});
