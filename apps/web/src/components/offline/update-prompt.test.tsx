import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const pwa = vi.hoisted(() => ({ waiting: false, applyUpdate: vi.fn() }));
vi.mock('../../lib/pwa.ts', () => ({ useUpdateWaiting: () => pwa.waiting, applyUpdate: pwa.applyUpdate }));

const { UpdatePrompt } = await import('./update-prompt.tsx');

describe('UpdatePrompt', () => {
  afterEach(() => {
    pwa.waiting = false;
    pwa.applyUpdate.mockClear();
  });

  it('says nothing while no new version waits', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByText('Nova versão disponível.')).toBeNull();
  });

  it('offers the waiting version and takes it over only on Atualizar', async () => {
    pwa.waiting = true;
    render(<UpdatePrompt />);
    expect(screen.getByRole('status')).toHaveTextContent('Nova versão disponível.');
    expect(pwa.applyUpdate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(pwa.applyUpdate).toHaveBeenCalledTimes(1);
  });
});
