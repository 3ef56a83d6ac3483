import { Form } from 'react-bootstrap';
import { transactionNatureBody, type TransactionNatureBody } from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { TextField, useRegisterForm } from '../../../components/register-form.tsx';

interface TransactionNatureFormProps {
  defaultValues?: TransactionNatureBody;
  onSubmit(values: TransactionNatureBody): Promise<unknown>;
}

export function TransactionNatureForm({ defaultValues, onSubmit }: TransactionNatureFormProps) {
  const {
    register,
    submit,
    formState: { errors, isSubmitting },
  } = useRegisterForm(transactionNatureBody, defaultValues, onSubmit);
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <TextField id="nature-name" label="Nome" error={errors.name?.message} {...register('name')} />
      <TextField
        id="nature-description"
        label="Descrição"
        as="textarea"
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <FormActions cancelTo="/transaction-natures" isSubmitting={isSubmitting} />
    </Form>
  );
}
