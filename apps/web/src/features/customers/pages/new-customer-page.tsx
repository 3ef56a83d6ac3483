import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { customerMessages } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PartyForm } from '../../../components/party-form.tsx';
import { useCreateCustomer } from '../api/create-customer.ts';

/** /customers/new: 'Novo cliente'; on success, the edit page. */
export function NewCustomerPage() {
  const create = useCreateCustomer();
  const navigate = useNavigate();
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
            saved.clearDraft();
            toast.success(customerMessages.created);
            navigate(`/customers/${customer.id}/edit`, { replace: true });
          }}
        />
      </div>
    </>
  );
}
