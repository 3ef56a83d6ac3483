import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { PartyForm } from './party-form.tsx';

describe('PartyForm (create)', () => {
  it('switches mask and labels with the type and submits an individual unmasked, without alias', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<PartyForm mode="create" cancelTo="/x" onSubmit={onSubmit} />);
    expect(screen.getByLabelText('CNPJ')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome Fantasia')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'Pessoa física');
    expect(screen.queryByLabelText('Nome Fantasia')).toBeNull();
    const cpf = screen.getByLabelText('CPF');
    await userEvent.type(cpf, '52998224726');
    expect(cpf).toHaveValue('529.982.247-26');
    await userEvent.click(screen.getByLabelText('Nome'));
    expect(await screen.findByText('CPF inválido')).toBeInTheDocument();
    await userEvent.clear(cpf);
    await userEvent.type(cpf, '52998224725');
    await userEvent.type(screen.getByLabelText('Nome'), 'Maria');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      {
        type: 2,
        identifier: '52998224725',
        name: 'Maria',
        alias: null,
        email: null,
        phone: null,
        phoneE164: null,
      },
      expect.anything(),
    );
  });

  it('masks an alphanumeric CNPJ in upper case and requires the alias of a legal entity', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<PartyForm mode="create" cancelTo="/x" onSubmit={onSubmit} />);
    const cnpj = screen.getByLabelText('CNPJ');
    await userEvent.type(cnpj, '12abc34501de35');
    expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
    await userEvent.type(screen.getByLabelText('Razão Social'), 'Frio Bom Ltda');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Este campo é obrigatório')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Nome Fantasia'), 'Frio Bom');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ type: 1, identifier: '12ABC34501DE35', alias: 'Frio Bom' }),
        expect.anything(),
      ),
    );
  });
});

describe('PartyForm (update)', () => {
  it('locks the type, shows the identifier formatted and read-only, and sends no identifier', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <PartyForm
        mode="update"
        cancelTo="/x"
        onSubmit={onSubmit}
        party={{
          id: 7,
          type: 2,
          identifier: '52998224725',
          name: 'Maria',
          alias: null,
          email: null,
          phone: null,
          phoneE164: null,
        }}
      />,
    );
    expect(screen.getByLabelText('Tipo')).toBeDisabled();
    expect(screen.getByDisplayValue('529.982.247-25')).toHaveAttribute('readonly');
    await userEvent.clear(screen.getByLabelText('Nome'));
    await userEvent.type(screen.getByLabelText('Nome'), 'Maria Souza');
    await userEvent.type(screen.getByLabelText('Telefone'), '1134567890');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 3456-7890');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        {
          type: 2,
          name: 'Maria Souza',
          alias: null,
          email: null,
          phone: '(11) 3456-7890',
          phoneE164: '+551134567890',
        },
        expect.anything(),
      ),
    );
  });
});
