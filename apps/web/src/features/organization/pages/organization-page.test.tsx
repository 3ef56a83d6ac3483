import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { messages, versionMessages } from '@ordem-certa/contracts';
import { OrganizationPage, ORGANIZATION_SAVED } from './organization-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('OrganizationPage', () => {
  it('shows the name and zone, and saves a new zone picked from Brazil’s', async () => {
    let stored = {
      id: 1,
      name: 'Refrigeração Demo',
      timeZone: 'America/Sao_Paulo',
      features: {},
      twoFactor: 'off',
      version: 3,
    };
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
    expect(put?.body).toEqual({ name: 'Refrigeração Demo', timeZone: 'America/Manaus', twoFactor: 'off', version: 3 });
  });

  it('saved by someone else meanwhile: written on their version, keeping their change to another field', async () => {
    const loaded = { id: 1, name: 'Refrigeração Demo', timeZone: 'America/Sao_Paulo', features: {}, twoFactor: 'off' };
    // Another admin renamed the organization (version 4) after this screen read version 3.
    const current = { name: 'Refrigeração Demo Ltda', timeZone: 'America/Sao_Paulo', twoFactor: 'off' };
    const conflict = (version: number) => ({
      status: 409,
      body: { errors: [versionMessages.changedByOther], conflict: { version, changed: ['name'], current } },
    });
    const calls = fakeApi({
      'GET /api/organizations/1': () => ({ ...loaded, version: 3 }),
      'PUT /api/organizations/1': (body) =>
        (body as { version: number }).version === 3 ? conflict(4) : { ...loaded, ...(body as object), version: 5 },
    });
    renderAsUser(<OrganizationPage />);
    await userEvent.selectOptions(await screen.findByLabelText('Fuso horário'), 'Amazonas (UTC−4)');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ORGANIZATION_SAVED)).toBeInTheDocument();
    // The other's new name is kept, this screen's zone written on their version.
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(puts).toEqual([
      { name: 'Refrigeração Demo', timeZone: 'America/Manaus', twoFactor: 'off', version: 3 },
      { name: 'Refrigeração Demo Ltda', timeZone: 'America/Manaus', twoFactor: 'off', version: 4 },
    ]);
    expect(screen.getByLabelText('Nome')).toHaveValue('Refrigeração Demo Ltda');
  });

  it('a rename over a rename made meanwhile shows the conflict screen with both names', async () => {
    const loaded = { id: 1, name: 'Refrigeração Demo', timeZone: 'America/Sao_Paulo', features: {}, twoFactor: 'off' };
    const current = { name: 'Refrigeração Demo Ltda', timeZone: 'America/Sao_Paulo', twoFactor: 'off' };
    fakeApi({
      'GET /api/organizations/1': () => ({ ...loaded, version: 3 }),
      'PUT /api/organizations/1': () => ({
        status: 409,
        body: { errors: [versionMessages.changedByOther], conflict: { version: 4, changed: ['name'], current } },
      }),
    });
    renderAsUser(<OrganizationPage />);
    const name = await screen.findByLabelText('Nome');
    await userEvent.clear(name);
    await userEvent.type(name, 'Frio Bom');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registro alterado por outra pessoa' });
    expect(dialog).toHaveTextContent('Salvo por outra pessoa: Refrigeração Demo Ltda');
    expect(dialog).toHaveTextContent('O seu: Frio Bom');
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
