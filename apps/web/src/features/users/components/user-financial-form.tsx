import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { messages, userFinancialBody, type UserFinancialBody } from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';

interface UserFinancialFormProps {
  defaultValues: UserFinancialBody;
  onSubmit(values: UserFinancialBody): Promise<unknown>;
}

/**
 * 'Regra inicial': the fixed amount per service order the collaborator earns before their first dated
 * pay rule (all of them, while they have none).
 */
export function UserFinancialForm({ defaultValues, onSubmit }: UserFinancialFormProps) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserFinancialBody>({ resolver: zodResolver(userFinancialBody), mode: 'onBlur', defaultValues });
  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((err) => applyServerErrors(err, setError, messages.requestFailed));
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <Form.Group className="mb-3">
        <Form.Label htmlFor="user-payment-value">Valor por ordem de serviço</Form.Label>
        <Controller
          control={control}
          name="paymentValue"
          render={({ field }) => (
            <MoneyInput
              id="user-payment-value"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.paymentValue?.message}
            />
          )}
        />
        <Form.Text>
          Pago ao colaborador por ordem de serviço concluída em que ele trabalhou, enquanto nenhuma regra com data
          estiver em vigor.
        </Form.Text>
      </Form.Group>
      <FormActions isSubmitting={isSubmitting} />
    </Form>
  );
}
