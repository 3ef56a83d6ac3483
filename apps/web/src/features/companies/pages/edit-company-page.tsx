import { useParams, useSearchParams } from 'react-router';
import { Tab, Tabs } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { companyMessages, formatIdentifier } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PartyForm } from '../../../components/party-form.tsx';
import { AddressTable } from '../../../components/addresses/address-table.tsx';
import { useOrgPath } from '../../../lib/auth.tsx';
import { RecordFallback } from '../../../components/record-fallback.tsx';
import { useCompany } from '../api/get-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { CompanyImageBlock } from '../components/company-image-block.tsx';
import { CompanySignatureTab } from '../components/company-signature-tab.tsx';
import { CompanyEmailTab } from '../components/company-email-tab.tsx';
import { CompanyPixTab } from '../components/company-pix-tab.tsx';

const tabs = ['dados', 'logotipo', 'enderecos', 'assinatura', 'email', 'pix'] as const;

/** /companies/{id}/edit: Dados, Logotipo, Endereços, Assinatura, E-mail. */
export function EditCompanyPage() {
  const id = Number(useParams().id);
  const orgPath = useOrgPath();
  const [search, setSearch] = useSearchParams();
  const tab = (tabs as readonly string[]).includes(search.get('tab') ?? '') ? search.get('tab')! : 'dados';
  const company = useCompany(id);
  const update = useUpdateCompany(id);

  if (!company.isSuccess)
    return <RecordFallback isPending={company.isPending} error={company.error} what="a empresa" />;
  const c = company.data;
  return (
    <>
      <PageHeader
        title={
          <>
            {c.name}
            <small className="d-block fs-6 text-body-secondary fw-normal mt-1">
              {formatIdentifier(c.identifier, c.type)}
            </small>
          </>
        }
      />
      <Tabs
        activeKey={tab}
        onSelect={(k) => setSearch(k && k !== 'dados' ? { tab: k } : {}, { replace: true })}
        className="mb-3"
        // Each tab loads the first time it opens (the logo lazily) and then stays.
        mountOnEnter
      >
        <Tab eventKey="dados" title="Dados">
          <div className="card-list p-3">
            <PartyForm
              mode="update"
              party={c}
              cancelTo="/companies"
              onSubmit={async (values) => {
                await update.mutateAsync(values);
                toast.success(companyMessages.updated);
              }}
            />
          </div>
        </Tab>
        <Tab eventKey="logotipo" title="Logotipo">
          <div className="card-list p-3">
            <CompanyImageBlock
              companyId={id}
              image="logo"
              alt="Logotipo"
              missingMessage={companyMessages.logoMissing}
              savedMessage={companyMessages.logoSaved}
              removedMessage={companyMessages.logoRemoved}
            />
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
        <Tab eventKey="pix" title="PIX">
          <div className="card-list p-3">
            <CompanyPixTab company={c} />
          </div>
        </Tab>
      </Tabs>
    </>
  );
}
