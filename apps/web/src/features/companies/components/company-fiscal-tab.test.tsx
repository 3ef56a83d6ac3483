import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
