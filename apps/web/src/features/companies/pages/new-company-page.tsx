import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { companyMessages } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PartyForm } from '../../../components/party-form.tsx';
import { useCreateCompany } from '../api/create-company.ts';

/** /companies/new: 'Nova empresa'; on success, the edit page. */
export function NewCompanyPage() {
  const create = useCreateCompany();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Nova empresa" />
      <div className="card-list p-3">
        <PartyForm
          mode="create"
          cancelTo="/companies"
          onSubmit={async (values) => {
            const company = await create.mutateAsync(values);
            toast.success(companyMessages.created);
            navigate(`/companies/${company.id}/edit`, { replace: true });
          }}
        />
      </div>
    </>
  );
}
