import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { companyMessages } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PartyForm } from '../../../components/party-form.tsx';
import { addAddressAfterSave } from '../../../components/cnpj-lookup/cnpj-fill.tsx';
import { useOrgPath } from '../../../lib/auth.tsx';
import { useCreateCompany } from '../api/create-company.ts';

/** /companies/new: 'Nova empresa'; on success, the edit page. */
export function NewCompanyPage() {
  const create = useCreateCompany();
  const navigate = useNavigate();
  const orgPath = useOrgPath();
  return (
    <>
      <PageHeader title="Nova empresa" />
      <div className="card-list p-3">
        <PartyForm
          mode="create"
          cancelTo="/companies"
          onSubmit={async (values, saved) => {
            const company = await create.mutateAsync(values);
            await addAddressAfterSave(`${orgPath}/companies/${company.id}`, saved.address);
            toast.success(companyMessages.created);
            navigate(`/companies/${company.id}/edit`, { replace: true });
          }}
        />
      </div>
    </>
  );
}
