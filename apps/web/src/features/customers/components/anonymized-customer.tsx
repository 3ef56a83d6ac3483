import { Alert, Badge, Tab, Tabs } from 'react-bootstrap';
import { customerPrivacyMessages, type CustomerDetail } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { CustomerEstimatesTab } from './customer-estimates-tab.tsx';
import { CustomerInvoicesTab } from './customer-invoices-tab.tsx';

/**
 * An anonymized customer's screen (LGPD): no form, addresses or equipment to edit, since the person's
 * data is gone for good; what the shop keeps, their orders and estimates, is still listed.
 */
export function AnonymizedCustomer({
  customer,
  hasEstimates,
}: {
  customer: CustomerDetail & { anonymizedAt: string };
  hasEstimates: boolean;
}) {
  return (
    <>
      <PageHeader
        title={
          <>
            {customer.name}{' '}
            <Badge bg="secondary" className="fs-6 align-middle">
              Anonimizado
            </Badge>
          </>
        }
      />
      <Alert variant="secondary">
        Os dados pessoais deste cliente foram anonimizados em {formatDateTime(customer.anonymizedAt)}, a pedido do
        titular (LGPD): nome, CPF/CNPJ, e-mail, telefone, endereços, fotos e assinaturas foram apagados e não podem ser
        recuperados. {customerPrivacyMessages.keptByLaw}
      </Alert>
      <Tabs defaultActiveKey="ordens" className="mb-3" mountOnEnter>
        <Tab eventKey="ordens" title="Ordens de Serviço">
          <CustomerInvoicesTab customerId={customer.id} canAdd={false} />
        </Tab>
        {hasEstimates && (
          <Tab eventKey="orcamentos" title="Orçamentos">
            <CustomerEstimatesTab customerId={customer.id} canAdd={false} />
          </Tab>
        )}
      </Tabs>
    </>
  );
}
