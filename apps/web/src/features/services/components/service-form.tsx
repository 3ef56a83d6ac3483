import { Form } from 'react-bootstrap';
import { serviceBody, type ServiceBody } from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyField, TextField, useRegisterForm, WarrantyField } from '../../../components/register-form.tsx';

interface ServiceFormProps {
  defaultValues?: ServiceBody;
  onSubmit(values: ServiceBody): Promise<unknown>;
}

export function ServiceForm({ defaultValues, onSubmit }: ServiceFormProps) {
  const form = useRegisterForm(serviceBody, defaultValues, onSubmit);
  const {
    register,
    control,
    submit,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <TextField id="service-name" label="Nome" error={errors.name?.message} {...register('name')} />
      <TextField id="service-code" label="Código" error={errors.code?.message} {...register('code')}>
        <Form.Text>Opcional: o número do serviço no sistema anterior ou na tabela de preços.</Form.Text>
      </TextField>
      <MoneyField control={control} name="price" id="service-price" label="Preço" error={errors.price?.message} />
      <WarrantyField form={form} name="warrantyDays" id="service-warranty" />
      <TextField
        id="service-nfse-code"
        label="Código de tributação nacional (NFS-e)"
        inputMode="numeric"
        error={errors.serviceCode?.message}
        {...register('serviceCode')}
      >
        <Form.Text>Opcional: os 6 dígitos do cTribNac deste serviço; vazio usa o código padrão da empresa.</Form.Text>
      </TextField>
      <FormActions cancelTo="/services" isSubmitting={isSubmitting} />
    </Form>
  );
}
