import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import type { TransactionNatureBody } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useCreateTransactionNature } from '../api/create-transaction-nature.ts';
import { useTransactionNature } from '../api/get-transaction-nature.ts';
import { useUpdateTransactionNature } from '../api/update-transaction-nature.ts';
import { TransactionNatureForm } from '../components/transaction-nature-form.tsx';

export function TransactionNatureNewPage() {
  const navigate = useNavigate();
  const create = useCreateTransactionNature();
  const onSubmit = async (values: TransactionNatureBody) => {
    await create.mutateAsync(values);
    toast.success('Natureza da operação cadastrada com sucesso');
    navigate('/transaction-natures');
  };
  return (
    <>
      <PageHeader title="Nova Natureza da Operação" />
      <TransactionNatureForm onSubmit={onSubmit} />
    </>
  );
}

export function TransactionNatureEditPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const nature = useTransactionNature(id);
  const update = useUpdateTransactionNature(id);
  const onSubmit = async (values: TransactionNatureBody) => {
    await update.mutateAsync(values);
    toast.success('Natureza da operação alterada com sucesso');
    navigate('/transaction-natures');
  };
  return (
    <>
      <PageHeader title={`Editar Natureza da Operação ${id}`} />
      <QueryState isPending={nature.isPending} error={nature.error}>
        {nature.data && (
          <TransactionNatureForm
            key={nature.data.id}
            defaultValues={{ name: nature.data.name, description: nature.data.description }}
            onSubmit={onSubmit}
          />
        )}
      </QueryState>
    </>
  );
}
