import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lookupMessages, messages } from '@ordem-certa/contracts';
import { clientEffects } from '../../lib/api-client.ts';
import { fakeApi, renderAsUser } from '../../test/fake-api.tsx';
import { PAULISTA_ADDRESS } from '@ordem-certa/test-support/lookup-samples';
import { AddressModal } from './address-modal.tsx';

const OWNER = '/organizations/1/customers/7';
const PAULISTA = PAULISTA_ADDRESS;

const renderModal = () =>
  renderAsUser(<AddressModal ownerPath={OWNER} addressId={null} show onHide={() => undefined} />);
const field = (label: string) => screen.getByLabelText(label, { exact: true });

afterEach(() => vi.unstubAllGlobals());

describe('AddressModal: the CEP fills the address', () => {
  it('a complete CEP fills street, neighbourhood, city and UF, moves on to the number, and saves the IBGE code', async () => {
    const calls = fakeApi({
      'GET /api/cep/01310100': () => PAULISTA,
      [`POST /api${OWNER}/addresses`]: (body) => ({ status: 201, body: { id: 9, ...(body as object) } }),
    });
    renderModal();
    await userEvent.type(field('CEP'), '01310100');
    await waitFor(() => expect(field('Endereço')).toHaveValue('Avenida Paulista'));
    expect(field('Bairro')).toHaveValue('Bela Vista');
    expect(field('Cidade')).toHaveValue('São Paulo');
    expect(field('UF')).toHaveValue('SP');
    expect(field('Número')).toHaveFocus();
    await userEvent.type(field('Número'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      address: 'Avenida Paulista',
      number: 1000,
      complement: null,
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01310100',
      ibgeCode: '3550308',
    });
  });

  it('what is typed while the answer is on its way stays; the other fields are filled', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) =>
        input.includes('/cep/')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.reject(new Error(input)),
      ),
    );
    renderModal();
    await userEvent.type(field('CEP'), '01310100');
    expect(await screen.findByText(lookupMessages.cepSearching)).toBeInTheDocument();
    // Nothing waits for the lookup: the street is typed meanwhile.
    await userEvent.type(field('Endereço'), 'Rua do Cliente');
    answer(new Response(JSON.stringify(PAULISTA), { status: 200 }));
    await waitFor(() => expect(field('Bairro')).toHaveValue('Bela Vista'));
    expect(field('Endereço')).toHaveValue('Rua do Cliente');
    expect(field('UF')).toHaveValue('SP');
    // The focus was elsewhere already: it is not moved.
    expect(field('Endereço')).toHaveFocus();
  });

  it('the lookup fails: says so under the CEP (no alert), and the address is typed and saved by hand', async () => {
    const alert = vi.fn();
    clientEffects.alert = alert;
    const calls = fakeApi({
      'GET /api/cep/69900000': () => ({ status: 503, body: { errors: [lookupMessages.cepUnavailable] } }),
      'GET /api/municipalities': (_body, url) => ({
        data: url.searchParams.get('q')?.startsWith('rio b')
          ? [{ ibgeCode: '1200401', name: 'Rio Branco', state: 'AC' }]
          : [],
        meta: { total: 1, skip: 0, take: 20 },
      }),
      [`POST /api${OWNER}/addresses`]: (body) => ({ status: 201, body: { id: 9, ...(body as object) } }),
    });
    renderModal();
    await userEvent.type(field('CEP'), '69900000');
    expect(await screen.findByText(lookupMessages.cepUnavailable)).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalledWith(messages.serverError);
    await userEvent.type(field('Endereço'), 'Rua Rio Grande do Sul');
    await userEvent.type(field('Cidade'), 'rio b');
    await userEvent.click(await screen.findByRole('option', { name: /Rio Branco/ }));
    expect(field('UF')).toHaveValue('AC');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      address: 'Rua Rio Grande do Sul',
      city: 'Rio Branco',
      state: 'AC',
      ibgeCode: '1200401',
      postalCode: '69900000',
    });
  });

  it('a city typed and left without picking is kept as typed (the server gives it its code)', async () => {
    const calls = fakeApi({
      'GET /api/municipalities': () => ({ data: [], meta: { total: 0, skip: 0, take: 20 } }),
      [`POST /api${OWNER}/addresses`]: (body) => ({ status: 201, body: { id: 9, ...(body as object) } }),
    });
    renderModal();
    await userEvent.type(field('Endereço'), 'Rua Um');
    await userEvent.type(field('Cidade'), 'Sao Paulo');
    await userEvent.tab();
    expect(field('Cidade')).toHaveValue('Sao Paulo');
    await userEvent.selectOptions(field('UF'), 'SP');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      city: 'Sao Paulo',
      state: 'SP',
      ibgeCode: null,
    });
  });

  it('CEP não encontrado is said under the CEP', async () => {
    fakeApi({ 'GET /api/cep/99999999': () => ({ status: 404, body: { errors: [lookupMessages.cepNotFound] } }) });
    renderModal();
    await userEvent.type(field('CEP'), '99999999');
    expect(await screen.findByText(lookupMessages.cepNotFound)).toBeInTheDocument();
  });
});
