import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { MoneyInput } from './money-input.tsx';

/** Shows the stored value next to the field, as a form would keep it (reais, or null when empty). */
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
// after leaving it. '.' groups thousands and ',' is the decimal separator.
const table: Array<[entered: string, value: number, shown: string]> = [
  ['1.850,00', 1850, '1.850,00'],
  ['1.200,00', 1200, '1.200,00'],
  ['1850', 1850, '1.850,00'],
  ['1850,5', 1850.5, '1.850,50'],
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
  });

  it.each(table)('pasting %s stores %d', async (entered, value, shown) => {
    renderWithProviders(<Harness />);
    await userEvent.click(field());
    await userEvent.paste(entered);
    expect(stored()).toBe(String(value));
    await userEvent.tab();
    expect(field().value).toBe(shown);
  });

  it('shows a stored value with separators and keeps it when edited', async () => {
    renderWithProviders(<Harness initial={1850.5} />);
    expect(field().value).toBe('1.850,50');
    // Replace the whole value by a new one with a thousands separator.
    await userEvent.tripleClick(field());
    await userEvent.keyboard('2.400,75');
    expect(stored()).toBe('2400.75');
    // Delete the cents and type new ones at the end.
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
    await userEvent.type(field(), '99.999.999,99');
    await userEvent.type(field(), '9');
    expect(stored()).toBe('99999999.99');
  });
});
