import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { nfseMessages, type CompanyFiscal } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { CompanyFiscalTab } from './company-fiscal-tab.tsx';

const fiscal = (canStoreCertificate: boolean): CompanyFiscal => ({
  settings: null,
  defaultMunicipalityCode: null,
  municipality: null,
  certificate: null,
  municipalParameters: null,
  canStoreCertificate,
});
const url = 'GET /api/organizations/1/companies/1/fiscal';

afterEach(() => vi.unstubAllGlobals());

describe('CompanyFiscalTab: the certificate', () => {
  it('a server without a secrets key outside the database says so, and the upload is off', async () => {
    fakeApi({ [url]: () => fiscal(false) });
    renderAsUser(<CompanyFiscalTab companyId={1} />);
    expect(await screen.findByText('Envio de certificado indisponível')).toBeInTheDocument();
    expect(screen.getByText(nfseMessages.secretsKeyMissing)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar certificado' })).toBeDisabled();
    expect(screen.getByLabelText('Senha do certificado')).toBeDisabled();
  });

  it('with the key, no notice and the upload is on', async () => {
    fakeApi({ [url]: () => fiscal(true) });
    renderAsUser(<CompanyFiscalTab companyId={1} />);
    expect(await screen.findByRole('button', { name: 'Enviar certificado' })).toBeEnabled();
    expect(screen.queryByText('Envio de certificado indisponível')).not.toBeInTheDocument();
  });
});

describe("CompanyFiscalTab: 'Materiais incluídos no valor do serviço'", () => {
  const saved = {
    municipalityCode: '3550308',
    municipalRegistration: null,
    simplesNacional: 1,
    regApTribSN: null,
    specialRegime: 0,
    serviceCode: '140101',
    issRate: null,
    environment: 'homologation' as const,
    dpsSeries: '1',
    nextDpsNumber: 1,
    ibsCbs: false,
    ibsCbsOperation: null,
    ibsCbsCst: null,
    ibsCbsClass: null,
    materialsIncluded: true,
  };

  it("starts at 'Sim' as the company has it, and saves 'Não'", async () => {
    const calls = fakeApi({
      [url]: () => ({ ...fiscal(true), settings: saved }),
      'PUT /api/organizations/1/companies/1/fiscal': (body) => ({ ...fiscal(true), settings: body }),
    });
    renderAsUser(<CompanyFiscalTab companyId={1} />);
    const field = await screen.findByLabelText('Materiais incluídos no valor do serviço');
    expect(field).toHaveValue('true');
    expect(field).toHaveDisplayValue('Sim');
    await userEvent.selectOptions(field, 'Não');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar dados fiscais' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ materialsIncluded: false });
  });
});
