import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { renderWithProviders } from '../test/render.tsx';
import { pickedSelects } from './picked-select.tsx';
import type { Option } from './searchable-select.tsx';

// The searched selects of a form: labelled, showing the option picked, setting the field to its id
// (an optional one to null when cleared), then running what the pick starts over; the form's message
// under the field.

interface Values {
  customer: number | undefined;
  worker: number | null;
}
type Picked = 'customer' | 'worker';

const people = async (q: string): Promise<Option[]> =>
  [
    { value: 7, label: 'Joana Conceição' },
    { value: 8, label: 'Álvaro Souza' },
  ].filter((o) => o.label.toLowerCase().includes(q.toLowerCase()));

function Probe({ after, seen }: { after: (opt: Option | null) => void; seen: (v: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { customer: undefined, worker: 8 } });
  const [picked, setPicked] = useState<Partial<Record<Picked, Option | null>>>({
    worker: { value: 8, label: 'Álvaro Souza' },
  });
  const select = pickedSelects<Values, Values, Picked, typeof picked>({
    form,
    prefix: 'probe',
    orgPath: '/organizations/1',
    picked,
    setPicked,
    optional: ['worker'],
  });
  return (
    <form onSubmit={form.handleSubmit(seen)}>
      {select('customer', 'Cliente', people, 'Selecione o cliente', (opt) => {
        after(opt);
        seen(form.getValues());
      })}
      {select('worker', 'Técnico', people, 'Nenhum técnico')}
      <button type="button" onClick={() => form.setError('customer', { message: 'Informe o cliente' })}>
        Erro
      </button>
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('pickedSelects', () => {
  it('picks an option into the field, then runs what the pick starts over; an optional field clears to null', async () => {
    const after = vi.fn();
    const seen = vi.fn();
    renderWithProviders(<Probe after={after} seen={seen} />);
    const customer = screen.getByLabelText('Cliente');
    expect(customer).toHaveAttribute('id', 'probe-customer');
    expect(customer).toHaveAttribute('placeholder', 'Selecione o cliente');
    await userEvent.click(customer);
    await userEvent.type(customer, 'joa');
    await userEvent.click(await screen.findByRole('option', { name: /Joana Conceição/ }));
    expect(after).toHaveBeenCalledWith({ value: 7, label: 'Joana Conceição' });
    // `after` runs once the field holds the pick.
    expect(seen).toHaveBeenLastCalledWith({ customer: 7, worker: 8 });
    expect(customer).toHaveValue('Joana Conceição');

    expect(screen.getByLabelText('Técnico')).toHaveValue('Álvaro Souza');
    await userEvent.click(screen.getAllByRole('button', { name: 'Limpar seleção' }).at(-1)!);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith({ customer: 7, worker: null }, expect.anything()));
  });

  it("shows the form's message under the field and marks the select invalid", async () => {
    renderWithProviders(<Probe after={vi.fn()} seen={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Erro' }));
    expect(await screen.findByText('Informe o cliente')).toHaveClass('invalid-feedback');
    expect(screen.getByLabelText('Cliente')).toHaveClass('is-invalid');
  });
});
