import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionButton } from './action-button.tsx';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ActionButton', () => {
  it('is disabled with a spinner while its promise runs, and re-enabled on success', async () => {
    const d = deferred();
    render(<ActionButton action={() => d.promise}>Salvar</ActionButton>);
    const button = screen.getByRole('button', { name: 'Salvar' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(screen.getByTestId('action-spinner')).toBeInTheDocument();
    d.resolve();
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByTestId('action-spinner')).toBeNull();
  });

  it('is re-enabled when the action fails', async () => {
    const d = deferred();
    render(<ActionButton action={() => d.promise}>Salvar</ActionButton>);
    const button = screen.getByRole('button', { name: 'Salvar' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    d.reject(new Error('falhou'));
    await waitFor(() => expect(button).toBeEnabled());
  });
});
