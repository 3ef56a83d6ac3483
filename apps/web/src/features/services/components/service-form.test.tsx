import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ServiceForm } from './service-form.tsx';

describe('register form pieces (through the service form)', () => {
  it('labels its fields, sends the checked values and puts a 422 under the field', async () => {
    const onSubmit = vi.fn().mockResolvedValueOnce(undefined);
    renderWithProviders(<ServiceForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Nome'), 'Limpeza');
    await userEvent.type(screen.getByLabelText('Preço'), '150,00');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Limpeza',
        code: null,
        price: 150,
        warrantyDays: null,
        serviceCode: null,
      }),
    );

    onSubmit.mockRejectedValueOnce(new ApiError(422, { errors: { name: ['Já existe um serviço com esse nome'] } }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um serviço com esse nome')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveClass('is-invalid');
  });

  it('takes a warranty in whole days; a fraction is refused under the field before sending', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<ServiceForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Nome'), 'Instalação');
    await userEvent.type(screen.getByLabelText('Preço'), '300,00');
    await userEvent.type(screen.getByLabelText('Garantia (dias)'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a garantia em dias, de 0 a 3650')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Garantia (dias)'));
    await userEvent.type(screen.getByLabelText('Garantia (dias)'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Instalação',
        code: null,
        price: 300,
        warrantyDays: 90,
        serviceCode: null,
      }),
    );
  });

  it('takes the NFS-e national service code as 6 digits (dots as typed dropped); fewer are refused', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<ServiceForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Nome'), 'Instalação');
    await userEvent.type(screen.getByLabelText('Preço'), '300,00');
    const code = screen.getByLabelText('Código de tributação nacional (NFS-e)');
    await userEvent.type(code, '14.01');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o código de tributação nacional com 6 dígitos')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(code, '.01');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ serviceCode: '140101' })));
  });

  it('refuses an empty name before sending', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ServiceForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveClass('is-invalid'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
