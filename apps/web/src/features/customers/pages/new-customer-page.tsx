import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { customerMessages } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PartyForm } from '../../../components/party-form.tsx';
import { addAddressAfterSave } from '../../../components/cnpj-lookup/cnpj-fill.tsx';
import { useOrgPath } from '../../../lib/auth.tsx';
import { useCreateCustomer } from '../api/create-customer.ts';

/** /customers/new: 'Novo cliente'; on success, the edit page. */
export function NewCustomerPage() {
  const create = useCreateCustomer();
  const navigate = useNavigate();
  const orgPath = useOrgPath();
  return (
    <>
      <PageHeader title="Novo cliente" />
      <div className="card-list p-3">
        <PartyForm
          mode="create"
          cancelTo="/customers"
          draftKey={['customer', 'new']}
          onSubmit={async (values, saved) => {
            const customer = await create.mutateAsync(values);
            await addAddressAfterSave(`${orgPath}/customers/${customer.id}`, saved.address);
            saved.clearDraft();
            toast.success(customerMessages.created);
            navigate(`/customers/${customer.id}/edit`, { replace: true });
          }}
        />
      </div>
    </>
  );
}
