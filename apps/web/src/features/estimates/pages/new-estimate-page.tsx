import { useSearchParams } from 'react-router';
import { createEstimateBody, estimateMessages } from '@ordem-certa/contracts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { NewRecordForm } from '../../../components/new-record-form.tsx';
import { useCustomerOption } from '../../../components/invoices/api/get-customer-option.ts';
import { estimateEditPath } from '../../../components/estimates/estimate-table.tsx';
import { useCreateEstimate } from '../api/create-estimate.ts';

/** /estimates/new 'Novo Orçamento': company, customer (?customerId= preselects it), nature → edit screen. */
export function NewEstimatePage() {
  const [search] = useSearchParams();
  const raw = Number(search.get('customerId'));
  const customerId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const preselected = useCustomerOption(customerId);
  const create = useCreateEstimate();
  // An unknown or foreign customerId just leaves the customer empty.
  if (customerId !== null && preselected.isPending) return <PageSpinner />;
  return (
    <NewRecordForm
      title="Novo Orçamento"
      idPrefix="new-estimate"
      schema={createEstimateBody}
      customer={preselected.data ?? null}
      create={(body) => create.mutateAsync(body)}
      createdMessage={estimateMessages.created}
      editPath={estimateEditPath}
      cancelTo="/estimates"
    />
  );
}
