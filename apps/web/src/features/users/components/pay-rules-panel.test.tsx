import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayRule, PayRulesResponse } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { PayRulesPanel } from './pay-rules-panel.tsx';

const base = '/api/admin/organizations/1/users/7/pay-rules';
afterEach(() => vi.unstubAllGlobals());

const percentage: PayRule = {
  id: 3,
  kind: 'percentage',
  validFrom: '2026-11-01',
  fixedAmount: 0,
  servicesPercent: 10,
  productsPercent: 5.5,
  services: [],
  kmRate: 0,
  inForce: true,
  createdAt: '2026-10-30T12:00:00Z',
  createdByName: 'Ana',
};
const fixed: PayRule = {
  ...percentage,
  id: 2,
  kind: 'fixed',
  validFrom: '2026-06-01',
  fixedAmount: 60,
  servicesPercent: 0,
  productsPercent: 0,
  inForce: false,
};
const listing = (data: PayRule[]): PayRulesResponse => ({
  data,
  meta: { total: data.length, skip: 0, take: 10 },
  initial: { fixedAmount: 45, inForce: !data.some((r) => r.inForce) },
  today: '2026-11-25',
});

describe('PayRulesPanel', () => {
  it('shows the rule in force and the history down to the initial rule', async () => {
    fakeApi({ [`GET ${base}`]: () => listing([percentage, fixed]) });
    renderAsUser(<PayRulesPanel userId={7} />);
    expect(await screen.findByTestId('pay-rule-current', {}, { timeout: 5000 })).toHaveTextContent(
      'Percentual dos serviços e produtos: 10% dos serviços e 5,5% dos produtos (desde 01/11/2026)',
    );
    const history = within(screen.getByRole('list', { name: 'Versões da regra' }));
    const entries = history.getAllByRole('listitem');
    expect(entries.map((e) => e.firstElementChild!.firstElementChild!.textContent)).toEqual([
      'A partir de 01/11/2026 Em vigor',
      'A partir de 01/06/2026 ',
      'Regra inicial ',
    ]);
    expect(entries[0]).toHaveTextContent('Percentual dos serviços e produtos: 10% dos serviços e 5,5% dos produtos');
    expect(entries[0]).toHaveTextContent('Cadastrada em 30/10/2026, 09:00 por Ana');
    expect(entries[1]).toHaveTextContent('Valor fixo por OS: R$ 60,00');
    expect(entries[2]).toHaveTextContent('Valor fixo por OS: R$ 45,00');
    expect(entries[2]).not.toHaveTextContent('Em vigor');
    expect(within(entries[2]!).queryByRole('button')).toBeNull();
    expect(within(entries[1]!).getByRole('button', { name: 'Remover a regra de 01/06/2026' })).toBeInTheDocument();
  });

  it('saves a percentage version from the chosen day with both percentages', async () => {
    const calls = fakeApi({
      [`GET ${base}`]: () => listing([]),
      [`POST ${base}`]: (body) => ({ status: 201, body: { ...percentage, ...(body as object) } }),
    });
    renderAsUser(<PayRulesPanel userId={7} />);
    expect(await screen.findByTestId('pay-rule-current', {}, { timeout: 5000 })).toHaveTextContent(
      'Valor fixo por OS: R$ 45,00 (regra inicial)',
    );
    const form = within(screen.getByRole('form', { name: 'Nova regra de pagamento' }));
    expect(form.getByLabelText('Vale a partir de')).toHaveValue('25/11/2026');
    await userEvent.clear(form.getByLabelText('Vale a partir de'));
    await userEvent.type(form.getByLabelText('Vale a partir de'), '01122026');
    await userEvent.type(form.getByLabelText('Percentual dos serviços'), '10');
    await userEvent.type(form.getByLabelText('Percentual dos produtos'), '5,5');
    await userEvent.click(form.getByRole('button', { name: 'Adicionar regra' }));
    expect(await screen.findByText('Regra de pagamento salva')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        kind: 'percentage',
        validFrom: '2026-12-01',
        servicesPercent: 10,
        productsPercent: 5.5,
        services: [],
        kmRate: 0,
      },
    ]);
  });

  it('refuses in the form before asking the server, and puts the server 422 under the field', async () => {
    const calls = fakeApi({
      [`GET ${base}`]: () => listing([]),
      [`GET /api/organizations/1/services`]: () => ({
        data: [{ id: 11, name: 'Instalação split', code: null, price: 350, archivedAt: null }],
        meta: { total: 1, skip: 0, take: 20 },
      }),
      [`POST ${base}`]: () => ({ status: 422, body: { errors: { 'services.0.service': ['Serviço não encontrado'] } } }),
    });
    renderAsUser(<PayRulesPanel userId={7} />);
    const form = within(await screen.findByRole('form', { name: 'Nova regra de pagamento' }, { timeout: 5000 }));
    // A percentage rule with no percentage.
    await userEvent.click(form.getByRole('button', { name: 'Adicionar regra' }));
    expect(await form.findByText('Informe ao menos um percentual maior que zero')).toBeInTheDocument();
    // Per service: at least one, then the picked one refused by the server.
    await userEvent.click(form.getByLabelText('Valor por serviço'));
    await userEvent.click(form.getByRole('button', { name: 'Adicionar regra' }));
    expect(await form.findByText('Adicione ao menos um serviço')).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Adicionar serviço' }));
    await userEvent.click(form.getByLabelText('Serviço 1'));
    await userEvent.click(await screen.findByRole('option', { name: /Instalação split/ }));
    await userEvent.type(form.getByLabelText('Valor por unidade do serviço 1'), '80');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(form.getByRole('button', { name: 'Adicionar regra' }));
    expect(await form.findByText('Serviço não encontrado')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        {
          kind: 'per_service',
          validFrom: '2026-11-25',
          servicesPercent: 0,
          productsPercent: 0,
          services: [{ service: 11, rate: 80 }],
          kmRate: 0,
        },
      ]),
    );
  });
});
