import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { PhoneInput } from './phone-input.tsx';

/** Shows what the form would hold next to the field. */
function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneInput aria-describedby="x" id="phone" value={value} onChange={setValue} />
      <label htmlFor="phone">Telefone</label>
      <output data-testid="held">{value}</output>
    </>
  );
}

const field = () => screen.getByLabelText<HTMLInputElement>('Telefone');
const held = () => screen.getByTestId('held').textContent;

describe('PhoneInput', () => {
  it.each([
    ['1134567890', '(11) 3456-7890'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543210', '(11) 98765-4321'], // a twelfth digit has nowhere to go
  ])('typing %s shows and holds %s', async (typed, shown) => {
    renderWithProviders(<Harness />);
    await userEvent.type(field(), typed);
    expect(field()).toHaveValue(shown);
    expect(held()).toBe(shown);
  });

  it('a landline becomes a mobile with the eleventh digit, and back when it is erased', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(field(), '1198765432');
    expect(field()).toHaveValue('(11) 9876-5432');
    await userEvent.type(field(), '1');
    expect(field()).toHaveValue('(11) 98765-4321');
    await userEvent.type(field(), '{Backspace}');
    expect(field()).toHaveValue('(11) 9876-5432');
  });

  it('letters and punctuation typed are dropped', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(field(), 'a1-1 (3)456x7890');
    expect(field()).toHaveValue('(11) 3456-7890');
  });

  it('a number starting with + keeps its + and spaces (another country, or +55 pasted)', async () => {
    renderWithProviders(<Harness />);
    fireEvent.input(field(), { target: { value: '+351 912 345 678' } });
    expect(field()).toHaveValue('+351 912 345 678');
    expect(held()).toBe('+351 912 345 678');
  });

  it('a stored number shows punctuated, digits-only ones from before too', () => {
    renderWithProviders(<Harness initial="11987654321" />);
    expect(field()).toHaveValue('(11) 98765-4321');
  });

  it('selecting all and erasing leaves it empty, and the form holds an empty text', async () => {
    renderWithProviders(<Harness initial="(19) 99123-4567" />);
    await userEvent.click(field());
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    expect(field()).toHaveValue('');
    expect(held()).toBe('');
    await userEvent.type(field(), '1012345678');
    expect(field()).toHaveValue('(10) 1234-5678');
  });

  it('is a tel field with the mobile pattern as its hint', () => {
    renderWithProviders(<Harness />);
    expect(field()).toHaveAttribute('type', 'tel');
    expect(field()).toHaveAttribute('inputmode', 'tel');
    expect(field()).toHaveAttribute('placeholder', '(00) 00000-0000');
  });
});
