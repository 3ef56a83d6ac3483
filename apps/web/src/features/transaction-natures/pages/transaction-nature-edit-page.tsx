import { PageHeader } from '../../../components/page-header.tsx';
import { RegisterEditPage, useRecordId, useSaveAndReturn } from '../../../components/register-edit-page.tsx';
import { useCreateTransactionNature } from '../api/create-transaction-nature.ts';
import { useTransactionNature } from '../api/get-transaction-nature.ts';
import { useUpdateTransactionNature } from '../api/update-transaction-nature.ts';
import { TransactionNatureForm } from '../components/transaction-nature-form.tsx';

export function TransactionNatureNewPage() {
  const create = useCreateTransactionNature();
  const onSubmit = useSaveAndReturn(
    create.mutateAsync,
    'Natureza da operação cadastrada com sucesso',
    '/transaction-natures',
  );
  return (
    <>
      <PageHeader title="Nova Natureza da Operação" />
      <TransactionNatureForm onSubmit={onSubmit} />
    </>
  );
}

export function TransactionNatureEditPage() {
  const id = useRecordId();
  const update = useUpdateTransactionNature(id);
  const onSubmit = useSaveAndReturn(
    update.mutateAsync,
    'Natureza da operação alterada com sucesso',
    '/transaction-natures',
  );
  return (
    <RegisterEditPage
      id={id}
      record={useTransactionNature(id)}
      what="a natureza da operação"
      title={`Editar Natureza da Operação ${id}`}
    >
      {(nature) => (
        <TransactionNatureForm
          key={nature.id}
          defaultValues={{ name: nature.name, description: nature.description }}
          onSubmit={onSubmit}
        />
      )}
    </RegisterEditPage>
  );
}
