import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAsUser } from '../../test/fake-api.tsx';
import { EstimateFilterPopover } from '../estimates/estimate-filter.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('RecordFilterPopover (the estimate list)', () => {
  it("'Pesquisar', 'Cliente' and the kind's own fields; the text is applied trimmed", async () => {
    fakeApi({});
    const onApply = vi.fn();
    renderAsUser(
      <EstimateFilterPopover
        idPrefix="e"
        value={{ q: '', customer: null, statuses: [] }}
        onApply={onApply}
        onClear={() => {}}
        showCustomer
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    expect(screen.getByLabelText('Cliente')).toHaveAttribute('id', 'e-customer');
    await userEvent.type(screen.getByLabelText('Pesquisar'), ' 12  ');
    await userEvent.click(screen.getByLabelText('Aprovado'));
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenCalledWith({ q: '12', customer: null, statuses: [10] });
  });

  it('without showCustomer there is no customer field; the badge counts what is applied', async () => {
    fakeApi({});
    renderAsUser(
      <EstimateFilterPopover
        idPrefix="e"
        value={{ q: 'x', customer: null, statuses: [0, 1] }}
        onApply={() => {}}
        onClear={() => {}}
        showCustomer={false}
      />,
    );
    expect(screen.getByTestId('filter-count')).toHaveTextContent('3');
    await userEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    expect(screen.queryByLabelText('Cliente')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Pesquisar')).toHaveValue('x');
  });
});
