import { useParams, useSearchParams } from 'react-router';
import { Tab, Tabs } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { customerMessages, formatIdentifier } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PartyForm } from '../../../components/party-form.tsx';
import { AddressTable } from '../../../components/addresses/address-table.tsx';
import { useFeature, useOrgPath } from '../../../lib/auth.tsx';
import { RecordFallback } from '../../../components/record-fallback.tsx';
import { useCustomer } from '../api/get-customer.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';
import { EquipmentTab } from '../components/equipment-tab.tsx';
import { CustomerEstimatesTab } from '../components/customer-estimates-tab.tsx';
import { CustomerInvoicesTab } from '../components/customer-invoices-tab.tsx';

const tabs = ['dados', 'enderecos', 'equipamentos', 'orcamentos', 'ordens'] as const;

/** /customers/{id}/edit: Dados, Endereços, Equipamentos, Orçamentos, Ordens de Serviço. */
export function EditCustomerPage() {
  const id = Number(useParams().id);
  const orgPath = useOrgPath();
  const hasEstimates = useFeature('estimates');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab') ?? '';
  const tab =
    (tabs as readonly string[]).includes(requested) && (requested !== 'orcamentos' || hasEstimates)
      ? requested
      : 'dados';
  const customer = useCustomer(id);
  const update = useUpdateCustomer(id);

  if (!customer.isSuccess)
    return <RecordFallback isPending={customer.isPending} error={customer.error} what="o cliente" />;
  const c = customer.data;
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
        mountOnEnter
      >
        <Tab eventKey="dados" title="Dados">
          <div className="card-list p-3">
            <PartyForm
              mode="update"
              party={c}
              cancelTo="/customers"
              draftKey={['customer', id]}
              onSubmit={async (values) => {
                await update.mutateAsync(values);
                toast.success(customerMessages.updated);
              }}
            />
          </div>
        </Tab>
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
      </Tabs>
    </>
  );
}
