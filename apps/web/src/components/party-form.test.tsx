import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lookupMessages } from '@ordem-certa/contracts';
import { renderWithProviders } from '../test/render.tsx';
import { fakeApi, renderAsUser } from '../test/fake-api.tsx';
import { OKBR_ADDRESS } from '@ordem-certa/test-support/lookup-samples';
import { PartyForm } from './party-form.tsx';

/** OKBR saved with its name and alias, without e-mail or phone. */
const savedOkbr = (id: number) => ({
  id,
  type: 1,
  identifier: '19131243000197',
  name: 'OKBR',
  alias: 'OKBR',
  email: null,
  phone: null,
  phoneE164: null,
  version: 1,
});

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
          version: 1,
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
          // The version the record was loaded with goes back with the edit.
          version: 1,
        },
        expect.anything(),
      ),
    );
  });
});

/** The saved company's form with 'Preencher pelo CNPJ' clicked, once it says what it filled. */
async function fillSaved(party: ReturnType<typeof savedOkbr>) {
  renderAsUser(
    <PartyForm
      mode="update"
      cancelTo="/x"
      onSubmit={vi.fn()}
      party={party}
      ownerPath={`/organizations/1/companies/${party.id}`}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: lookupMessages.cnpjFill }));
  expect(await screen.findByText(lookupMessages.cnpjFilled)).toBeInTheDocument();
}

describe('PartyForm: Preencher pelo CNPJ', () => {
  const OKBR = {
    cnpj: '19131243000197',
    name: 'OPEN KNOWLEDGE BRASIL',
    alias: 'REDE PELO CONHECIMENTO LIVRE',
    email: 'contato@okbr.org.br',
    phone: '1123851939',
    address: OKBR_ADDRESS,
  };
  afterEach(() => vi.unstubAllGlobals());

  it('is enabled by a valid CNPJ and fills only the empty fields; the address is added on save unless unticked', async () => {
    fakeApi({ 'GET /api/cnpj/19131243000197': () => OKBR });
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderAsUser(<PartyForm mode="create" cancelTo="/x" onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: lookupMessages.cnpjFill });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('CNPJ'), '19131243000198');
    expect(button).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('CNPJ'));
    await userEvent.type(screen.getByLabelText('CNPJ'), '19131243000197');
    expect(button).toBeEnabled();
    // Typed before the lookup: kept.
    await userEvent.type(screen.getByLabelText('Nome Fantasia'), 'OKBR');
    await userEvent.click(button);
    expect(await screen.findByText(lookupMessages.cnpjFilled)).toBeInTheDocument();
    expect(screen.getByLabelText('Razão Social')).toHaveValue('OPEN KNOWLEDGE BRASIL');
    expect(screen.getByLabelText('Nome Fantasia')).toHaveValue('OKBR');
    expect(screen.getByLabelText('E-mail')).toHaveValue('contato@okbr.org.br');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 2385-1939');
    expect(
      screen.getByText(/AVENIDA PAULISTA, 37, ANDAR 4 - BELA VISTA - São Paulo\/SP - CEP 01311-902/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(lookupMessages.cnpjAddressOnSave)).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'OPEN KNOWLEDGE BRASIL', alias: 'OKBR' });
    expect(onSubmit.mock.calls[0]![1].address).toEqual(OKBR.address);
  });

  it('unticked, no address goes with the save; a failed lookup says so and fills nothing', async () => {
    fakeApi({
      'GET /api/cnpj/19131243000197': () => OKBR,
      'GET /api/cnpj/11222333000181': () => ({ status: 503, body: { errors: [lookupMessages.cnpjUnavailable] } }),
    });
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderAsUser(<PartyForm mode="create" cancelTo="/x" onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('CNPJ'), '11222333000181');
    await userEvent.click(screen.getByRole('button', { name: lookupMessages.cnpjFill }));
    expect(await screen.findByText(lookupMessages.cnpjUnavailable)).toBeInTheDocument();
    expect(screen.getByLabelText('Razão Social')).toHaveValue('');
    await userEvent.clear(screen.getByLabelText('CNPJ'));
    await userEvent.type(screen.getByLabelText('CNPJ'), '19131243000197');
    await userEvent.click(screen.getByRole('button', { name: lookupMessages.cnpjFill }));
    await userEvent.click(await screen.findByLabelText(lookupMessages.cnpjAddressOnSave));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![1].address).toBeNull();
  });

  it('a saved record without addresses is offered the address, added with one click', async () => {
    const party = savedOkbr(5);
    const calls = fakeApi({
      'GET /api/cnpj/19131243000197': () => OKBR,
      'GET /api/organizations/1/companies/5/addresses': () => ({ data: [], meta: { total: 0, skip: 0, take: 1 } }),
      'POST /api/organizations/1/companies/5/addresses': (body) => ({
        status: 201,
        body: { id: 1, ...(body as object) },
      }),
    });
    // Name and alias were there: only the e-mail and phone are filled.
    await fillSaved(party);
    expect(screen.getByLabelText('Razão Social')).toHaveValue('OKBR');
    expect(screen.getByLabelText('E-mail')).toHaveValue('contato@okbr.org.br');
    await userEvent.click(await screen.findByRole('button', { name: lookupMessages.cnpjAddressAdd }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual(OKBR.address);
  });

  it('a saved record that has addresses is not offered another', async () => {
    const party = savedOkbr(6);
    const calls = fakeApi({
      'GET /api/cnpj/19131243000197': () => OKBR,
      'GET /api/organizations/1/companies/6/addresses': () => ({
        data: [{ id: 3 }],
        meta: { total: 1, skip: 0, take: 1 },
      }),
    });
    await fillSaved(party);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/companies/6/addresses'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(lookupMessages.cnpjAddressFound)).toBeNull();
    expect(screen.queryByRole('button', { name: lookupMessages.cnpjAddressAdd })).toBeNull();
  });
});
