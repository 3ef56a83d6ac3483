import { useNavigate, useSearchParams } from 'react-router';
import { Tab, Tabs } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { userMessages, type CreateUserBody, type UpdateUserBody, type UserFinancialBody } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { RegisterEditPage, useRecordId } from '../../../components/register-edit-page.tsx';
import { useCreateUser } from '../api/create-user.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { useUpdateUserFinancial } from '../api/update-user-financial.ts';
import { UserDataForm } from '../components/user-data-form.tsx';
import { UserFinancialForm } from '../components/user-financial-form.tsx';
import { PayRulesPanel } from '../components/pay-rules-panel.tsx';
import { TwoFactorReset } from '../components/two-factor-reset.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

export function UserNewPage() {
  const navigate = useNavigate();
  const create = useCreateUser();
  const onSubmit = async (values: UpdateUserBody) => {
    const { isActive: _isActive, ...body } = values;
    const user = await create.mutateAsync(body as CreateUserBody);
    toast.success('Colaborador cadastrado com sucesso');
    // The edit page has the Financeiro tab, the next thing to fill in.
    navigate(`/admin/users/${user.id}/edit`);
  };
  return (
    <>
      <PageHeader title="Novo Colaborador" />
      <UserDataForm mode="create" onSubmit={onSubmit} />
    </>
  );
}

export function UserEditPage() {
  const id = useRecordId();
  const user = useUser(id);
  const update = useUpdateUser(id);
  const updateFinancial = useUpdateUserFinancial(id);
  // ?tab=financial opens the pay rules directly (a link from elsewhere, a screenshot).
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'financial' ? 'financial' : 'data';
  const onSubmitData = async (values: UpdateUserBody) => {
    await update.mutateAsync(values);
    toast.success('Colaborador alterado com sucesso');
  };
  const onSubmitFinancial = async (values: UserFinancialBody) => {
    await updateFinancial.mutateAsync(values);
    toast.success(userMessages.paymentSaved);
  };
  return (
    <RegisterEditPage id={id} record={user} what="o colaborador" title={(u) => `Editar Colaborador: ${u.name}`}>
      {(u) => (
        <Tabs defaultActiveKey={tab} id="user-tabs" className="mb-3" mountOnEnter>
          <Tab eventKey="data" title="Dados">
            <UserDataForm
              key={u.id}
              mode="edit"
              defaultValues={{
                name: u.name,
                roleId: u.roleId,
                email: u.email,
                plainPassword: '',
                isActive: u.isActive,
              }}
              onSubmit={onSubmitData}
            />
            <TwoFactorReset userId={u.id} name={u.name} />
          </Tab>
          <Tab eventKey="financial" title="Financeiro">
            <PayRulesPanel userId={u.id} />
            <SectionCard title="Regra inicial: valor fixo por OS" className="mt-3 pay-rules-initial">
              <UserFinancialForm
                key={u.id}
                defaultValues={{ paymentValue: u.paymentValue }}
                onSubmit={onSubmitFinancial}
              />
            </SectionCard>
          </Tab>
        </Tabs>
      )}
    </RegisterEditPage>
  );
}
