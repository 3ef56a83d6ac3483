import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldMessages } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { FIELD_SETTINGS_SAVED, FieldSettingsPage } from './field-settings-page.tsx';

// The organization's field settings: read from the API, validated by the schema the server uses, saved,
// and the server's 422 shown under its field.

afterEach(() => vi.unstubAllGlobals());

const defaults = { arrivalWarningMeters: 500, averageSpeedKmh: 30, retentionMonths: 12 };

describe('FieldSettingsPage', () => {
  it('shows the settings and saves the changed ones', async () => {
    const calls = fakeApi({
      'GET /api/organizations/1/field/settings': () => defaults,
      'PUT /api/organizations/1/field/settings': (body) => body,
    });
    renderAsUser(<FieldSettingsPage />);
    const warning = await screen.findByLabelText('Distância para alertar a chegada');
    expect(warning).toHaveValue(500);
    expect(screen.getByLabelText('Velocidade média')).toHaveValue(30);
    expect(screen.getByLabelText('Guardar as localizações por')).toHaveValue(12);
    await userEvent.clear(warning);
    await userEvent.type(warning, '800');
    const months = screen.getByLabelText('Guardar as localizações por');
    await userEvent.clear(months);
    await userEvent.type(months, '24');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(FIELD_SETTINGS_SAVED)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      arrivalWarningMeters: 800,
      averageSpeedKmh: 30,
      retentionMonths: 24,
    });
  });

  it('a value out of range is refused under its field and nothing is sent', async () => {
    const calls = fakeApi({
      'GET /api/organizations/1/field/settings': () => defaults,
      'PUT /api/organizations/1/field/settings': (body) => body,
    });
    renderAsUser(<FieldSettingsPage />);
    const speed = await screen.findByLabelText('Velocidade média');
    await userEvent.clear(speed);
    await userEvent.type(speed, '200');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(fieldMessages.averageSpeed)).toBeInTheDocument();
    expect(speed).toHaveClass('is-invalid');
    expect(speed.closest('.mb-3')).toHaveTextContent(fieldMessages.averageSpeed);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(false));
    // Corrected, it saves.
    await userEvent.clear(speed);
    await userEvent.type(speed, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ averageSpeedKmh: 40 }));
  });

  it('the server’s 422 is shown under the field it names', async () => {
    fakeApi({
      'GET /api/organizations/1/field/settings': () => defaults,
      'PUT /api/organizations/1/field/settings': () => ({
        status: 422,
        body: { errors: { retentionMonths: [fieldMessages.retentionMonths] } },
      }),
    });
    renderAsUser(<FieldSettingsPage />);
    await screen.findByLabelText('Guardar as localizações por');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(fieldMessages.retentionMonths)).toBeInTheDocument();
    const months = screen.getByLabelText('Guardar as localizações por');
    expect(months).toHaveClass('is-invalid');
    expect(months.closest('.mb-3')).toHaveTextContent(fieldMessages.retentionMonths);
    expect(screen.getByLabelText('Velocidade média')).not.toHaveClass('is-invalid');
  });
});
