import { Tab } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { can, customerMessages } from '@ordem-certa/contracts';
import { PartyTabs } from '../../../components/party-tabs.tsx';
import { AddressTable } from '../../../components/addresses/address-table.tsx';
import { useFeature, useOrgPath, useViewer } from '../../../lib/auth.tsx';
import { RegisterEditPage, useRecordId } from '../../../components/register-edit-page.tsx';
import { useCustomer } from '../api/get-customer.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';
import { EquipmentTab } from '../components/equipment-tab.tsx';
import { CustomerEstimatesTab } from '../components/customer-estimates-tab.tsx';
import { CustomerInvoicesTab } from '../components/customer-invoices-tab.tsx';
import { CustomerWhatsAppTab } from '../components/customer-whatsapp-tab.tsx';
import { PrivacyActions } from '../components/privacy-actions.tsx';
import { PortalAccessButton } from '../components/portal-access-button.tsx';
import { AnonymizedCustomer } from '../components/anonymized-customer.tsx';
import { CustomerWithholdingsTab } from '../components/customer-withholdings-tab.tsx';

const tabs = ['dados', 'enderecos', 'equipamentos', 'orcamentos', 'ordens', 'retencoes', 'whatsapp'] as const;

/**
 * /customers/{id}/edit: Dados, Endereços, Equipamentos, Orçamentos, Ordens de Serviço, Retenções (NFS-e),
 * and the LGPD actions (export, anonymize); an anonymized customer gets its own read-only screen.
 */
export function EditCustomerPage() {
  const id = useRecordId();
  const orgPath = useOrgPath();
  const hasEstimates = useFeature('estimates');
  const viewer = useViewer();
  const hasNfse = useFeature('nfse') && can(viewer, 'nfse.see');
  const customer = useCustomer(id);
  const update = useUpdateCustomer(id);

  const anonymizedAt = customer.data?.anonymizedAt;
  if (customer.data && anonymizedAt)
    return <AnonymizedCustomer customer={{ ...customer.data, anonymizedAt }} hasEstimates={hasEstimates} />;
  return (
    <RegisterEditPage id={id} record={customer} what="o cliente">
      {(c) => (
        <PartyTabs
          party={c}
          actions={
            <>
              <PortalAccessButton customerId={id} />
              <PrivacyActions customerId={id} />
            </>
          }
          tabs={tabs.filter((t) => (t !== 'orcamentos' || hasEstimates) && (t !== 'retencoes' || hasNfse))}
          cancelTo="/customers"
          ownerPath={`${orgPath}/customers/${id}`}
          draftKey={['customer', id]}
          onSave={async (values) => {
            await update.mutateAsync(values);
            toast.success(customerMessages.updated);
          }}
        >
          <Tab eventKey="enderecos" title="Endereços">
            <AddressTable ownerPath={`${orgPath}/customers/${id}`} owner="customer" />
          </Tab>
          <Tab eventKey="equipamentos" title="Equipamentos">
            <EquipmentTab customerId={id} />
          </Tab>
          {/* Estimates are hidden for organizations without the feature (organization 102). */}
          {hasEstimates && (
            <Tab eventKey="orcamentos" title="Orçamentos">
              <CustomerEstimatesTab customerId={id} />
            </Tab>
          )}
          <Tab eventKey="ordens" title="Ordens de Serviço">
            <CustomerInvoicesTab customerId={id} />
          </Tab>
          {hasNfse && (
            <Tab eventKey="retencoes" title="Retenções (NFS-e)">
              <CustomerWithholdingsTab customerId={id} readOnly={!can(viewer, 'nfse.issue')} />
            </Tab>
          )}
          <Tab eventKey="whatsapp" title="WhatsApp">
            <CustomerWhatsAppTab customerId={id} />
          </Tab>
        </PartyTabs>
      )}
    </RegisterEditPage>
  );
}
