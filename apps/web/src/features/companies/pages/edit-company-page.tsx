import { Tab } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { companyMessages } from '@ordem-certa/contracts';
import { PartyTabs } from '../../../components/party-tabs.tsx';
import { AddressTable } from '../../../components/addresses/address-table.tsx';
import { useFeature, useOrgPath } from '../../../lib/auth.tsx';
import { RegisterEditPage, useRecordId } from '../../../components/register-edit-page.tsx';
import { useCompany } from '../api/get-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { CompanyImageBlock } from '../components/company-image-block.tsx';
import { CompanySignatureTab } from '../components/company-signature-tab.tsx';
import { CompanyEmailTab } from '../components/company-email-tab.tsx';
import { CompanyPixTab } from '../components/company-pix-tab.tsx';
import { CompanyBrandColor } from '../components/company-brand-color.tsx';
import { CompanyWhatsAppTab } from '../components/company-whatsapp-tab.tsx';
import { CompanyFiscalTab } from '../components/company-fiscal-tab.tsx';
import { CompanyPixPspTab } from '../components/company-pix-psp-tab.tsx';

const tabs = ['dados', 'logotipo', 'enderecos', 'assinatura', 'email', 'whatsapp', 'pix', 'pix-psp'] as const;
const withFiscal = [...tabs, 'fiscal'] as const;

/** /companies/{id}/edit: Dados, Logotipo, Endereços, Assinatura, E-mail, WhatsApp, PIX, Pix (PSP), Fiscal (NFS-e). */
export function EditCompanyPage() {
  const id = useRecordId();
  const orgPath = useOrgPath();
  const company = useCompany(id);
  const update = useUpdateCompany(id);
  const nfse = useFeature('nfse');

  return (
    <RegisterEditPage id={id} record={company} what="a empresa">
      {(c) => (
        <PartyTabs
          party={c}
          tabs={nfse ? withFiscal : tabs}
          cancelTo="/companies"
          ownerPath={`${orgPath}/companies/${id}`}
          onSave={async (values) => {
            await update.mutateAsync(values);
            toast.success(companyMessages.updated);
          }}
        >
          <Tab eventKey="logotipo" title="Logotipo">
            <div className="card-list p-3">
              <CompanyImageBlock companyId={id} image="logo" />
              <CompanyBrandColor company={c} />
            </div>
          </Tab>
          <Tab eventKey="enderecos" title="Endereços">
            <AddressTable ownerPath={`${orgPath}/companies/${id}`} owner="company" />
          </Tab>
          <Tab eventKey="assinatura" title="Assinatura">
            <div className="card-list p-3">
              <CompanySignatureTab company={c} />
            </div>
          </Tab>
          <Tab eventKey="email" title="E-mail">
            <div className="card-list p-3">
              <CompanyEmailTab company={c} />
            </div>
          </Tab>
          <Tab eventKey="whatsapp" title="WhatsApp">
            <div className="card-list p-3">
              <CompanyWhatsAppTab company={c} />
            </div>
          </Tab>
          <Tab eventKey="pix" title="PIX">
            <div className="card-list p-3">
              <CompanyPixTab company={c} />
            </div>
          </Tab>
          <Tab eventKey="pix-psp" title="Pix (PSP)">
            <div className="card-list p-3">
              <CompanyPixPspTab companyId={id} />
            </div>
          </Tab>
          {nfse && (
            <Tab eventKey="fiscal" title="Fiscal (NFS-e)">
              <div className="card-list p-3">
                <CompanyFiscalTab companyId={id} />
              </div>
            </Tab>
          )}
        </PartyTabs>
      )}
    </RegisterEditPage>
  );
}
