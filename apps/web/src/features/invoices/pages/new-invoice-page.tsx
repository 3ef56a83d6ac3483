import { useSearchParams } from 'react-router';
import { createInvoiceBody, invoiceMessages } from '@ordem-certa/contracts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { NewRecordForm } from '../../../components/new-record-form.tsx';
import { useCustomerOption } from '../../../components/invoices/api/get-customer-option.ts';
import { invoiceEditPath } from '../../../components/invoices/invoice-table.tsx';
import { useCreateInvoice } from '../api/create-invoice.ts';

/** /invoices/new (admin) 'Nova Ordem de Serviço': company, customer (?customerId= preselects it), nature. */
export function NewInvoicePage() {
  const [search] = useSearchParams();
  const raw = Number(search.get('customerId'));
  const customerId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const preselected = useCustomerOption(customerId);
  const create = useCreateInvoice();
  // An unknown or foreign customerId just leaves the customer empty.
  if (customerId !== null && preselected.isPending) return <PageSpinner />;
  return (
    <NewRecordForm
      title="Nova Ordem de Serviço"
      idPrefix="new-invoice"
      schema={createInvoiceBody}
      customer={preselected.data ?? null}
      create={(body) => create.mutateAsync(body)}
      createdMessage={invoiceMessages.created}
      editPath={invoiceEditPath}
      cancelTo="/invoices"
    />
  );
}
