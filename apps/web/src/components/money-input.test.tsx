import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { moneyTextMessages, quantityMessages } from '@ordem-certa/contracts';
import { renderWithProviders } from '../test/render.tsx';
import { MoneyInput } from './money-input.tsx';
import { QuantityInput } from './quantity-input.tsx';

/** Shows the stored value next to the field, as a form would keep it (reais, null when empty, NaN refused). */
function Harness({ initial = null }: { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput aria-label="Preço" value={value} onChange={setValue} />
      <output data-testid="stored">{value === null ? 'vazio' : String(value)}</output>
    </>
  );
}

const field = () => screen.getByLabelText<HTMLInputElement>('Preço');
const stored = () => screen.getByTestId('stored').textContent;

// What a pt-BR user enters (key by key or pasted), the value kept in reais, and what the field shows
// after leaving it. '.' groups thousands and ',' is the decimal separator; a lone '.' followed by one
// or two digits is a decimal point.
const table: Array<[entered: string, value: number, shown: string]> = [
  ['1.850,00', 1850, '1.850,00'],
  ['1.200,00', 1200, '1.200,00'],
  ['1850', 1850, '1.850,00'],
  ['1850,5', 1850.5, '1.850,50'],
  ['1850.5', 1850.5, '1.850,50'],
  ['1850.50', 1850.5, '1.850,50'],
  ['0,99', 0.99, '0,99'],
  ['99.999.999,99', 99_999_999.99, '99.999.999,99'],
  ['12,34', 12.34, '12,34'],
  ['1.000.000', 1_000_000, '1.000.000,00'],
  ['R$ 1.850,00', 1850, '1.850,00'],
];

describe('MoneyInput (pt-BR)', () => {
  it.each(table)('typing %s stores %d', async (entered, value, shown) => {
    renderWithProviders(<Harness />);
    await userEvent.type(field(), entered);
    expect(stored()).toBe(String(value));
    await userEvent.tab();
    expect(field().value).toBe(shown);
    expect(stored()).toBe(String(value));
    expect(screen.queryByText(/Valor/)).toBeNull();
  });

  it.each(table)('pasting %s stores %d', async (entered, value, shown) => {
    renderWithProviders(<Harness />);
    await userEvent.click(field());
    await userEvent.paste(entered);
    expect(stored()).toBe(String(value));
    await userEvent.tab();
    expect(field().value).toBe(shown);
  });

  it('refuses an ambiguous paste with a message under the field and keeps no value', async () => {
    renderWithProviders(<Harness initial={10} />);
    await userEvent.tripleClick(field());
    await userEvent.paste('1,850.50');
    expect(stored()).toBe('NaN');
    expect(screen.getByText(moneyTextMessages.ambiguous)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    // The text stays as pasted (nothing is rewritten), and fixing it clears the message.
    expect(field().value).toBe('1,850.50');
    await userEvent.tripleClick(field());
    await userEvent.keyboard('1.850,50');
    expect(stored()).toBe('1850.5');
    expect(screen.queryByText(moneyTextMessages.ambiguous)).toBeNull();
  });

  it('says what is wrong once the field is left, not while typing', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(field(), '1850.505');
    expect(screen.queryByText(moneyTextMessages.decimals)).toBeNull();
    await userEvent.tab();
    expect(screen.getByText(moneyTextMessages.decimals)).toBeInTheDocument();
    expect(stored()).toBe('NaN');
  });

  it('shows a stored value with separators and keeps it when edited', async () => {
    renderWithProviders(<Harness initial={1850.5} />);
    expect(field().value).toBe('1.850,50');
    await userEvent.tripleClick(field());
    await userEvent.keyboard('2.400,75');
    expect(stored()).toBe('2400.75');
    await userEvent.type(field(), '{End}{Backspace}{Backspace}10');
    expect(stored()).toBe('2400.1');
    await userEvent.tab();
    expect(field().value).toBe('2.400,10');
    // Emptying the field stores null, not zero.
    await userEvent.clear(field());
    expect(stored()).toBe('vazio');
  });

  it('refuses more than the largest amount instead of shifting the digits', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(field(), '100.000.000');
    await userEvent.tab();
    expect(stored()).toBe('NaN');
    expect(screen.getByText(moneyTextMessages.max)).toBeInTheDocument();
  });
});

function QuantityHarness({ unit }: { unit?: string }) {
  const [value, setValue] = useState<number | null>(1);
  return (
    <>
      <QuantityInput aria-label="Quantidade" unit={unit} value={value} onChange={setValue} />
      <output data-testid="stored">{value === null ? 'vazio' : String(value)}</output>
    </>
  );
}

describe('QuantityInput (pt-BR)', () => {
  const quantity = () => screen.getByLabelText<HTMLInputElement>('Quantidade');
  it('takes 1,5 on a kg line and shows the unit', async () => {
    renderWithProviders(<QuantityHarness unit="kg" />);
    expect(screen.getByText('kg')).toBeInTheDocument();
    await userEvent.tripleClick(quantity());
    await userEvent.keyboard('1,5');
    expect(stored()).toBe('1.5');
    await userEvent.tab();
    expect(quantity().value).toBe('1,5');
  });
  it('refuses 1,5 on a whole-number line, never 15', async () => {
    renderWithProviders(<QuantityHarness />);
    await userEvent.tripleClick(quantity());
    await userEvent.keyboard('1,5');
    await userEvent.tab();
    expect(stored()).toBe('NaN');
    expect(screen.getByText(quantityMessages.whole)).toBeInTheDocument();
    expect(quantity().value).toBe('1,5');
  });
});
