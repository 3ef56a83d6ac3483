import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { messages } from '@ordem-certa/contracts';
import { OrganizationPage, ORGANIZATION_SAVED } from './organization-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('OrganizationPage', () => {
  it('shows the name and zone, and saves a new zone picked from Brazil’s', async () => {
    let stored = { id: 1, name: 'Refrigeração Demo', timeZone: 'America/Sao_Paulo', features: {}, twoFactor: 'off' };
    const calls = fakeApi({
      'GET /api/organizations/1': () => stored,
      'PUT /api/organizations/1': (body) => (stored = { ...stored, ...(body as object) }),
    });
    renderAsUser(<OrganizationPage />);
    const name = await screen.findByLabelText('Nome');
    expect(name).toHaveValue('Refrigeração Demo');
    const zone = screen.getByLabelText('Fuso horário');
    expect(zone).toHaveValue('America/Sao_Paulo');
    await userEvent.selectOptions(zone, 'Amazonas (UTC−4)');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ORGANIZATION_SAVED)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ name: 'Refrigeração Demo', timeZone: 'America/Manaus', twoFactor: 'off' });
  });

  it('an empty name is refused under the field and nothing is sent', async () => {
    const calls = fakeApi({
      'GET /api/organizations/1': () => ({
        id: 1,
        name: 'X',
        timeZone: 'America/Sao_Paulo',
        features: {},
        twoFactor: 'off',
      }),
    });
    renderAsUser(<OrganizationPage />);
    await userEvent.clear(await screen.findByLabelText('Nome'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.required)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(false));
  });

  it('a zone set elsewhere that is not Brazil’s stays as it is', async () => {
    fakeApi({ 'GET /api/organizations/1': () => ({ id: 1, name: 'X', timeZone: 'Europe/Lisbon', features: {} }) });
    renderAsUser(<OrganizationPage />);
    expect(await screen.findByLabelText('Fuso horário')).toHaveValue('Europe/Lisbon');
  });
});
