import { Form } from 'react-bootstrap';
import { DEFAULT_UNIT, PRODUCT_UNITS, productBody, unitNames, type ProductBody } from '@oficina/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyField, TextField, useRegisterForm, WarrantyField } from '../../../components/register-form.tsx';

interface ProductFormProps {
  defaultValues?: ProductBody;
  onSubmit(values: ProductBody): Promise<unknown>;
}

export function ProductForm({ defaultValues, onSubmit }: ProductFormProps) {
  const form = useRegisterForm(productBody, { unit: DEFAULT_UNIT, ...defaultValues }, onSubmit);
  const {
    register,
    control,
    submit,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <TextField id="product-name" label="Nome" error={errors.name?.message} {...register('name')} />
      <TextField id="product-code" label="Código" error={errors.code?.message} {...register('code')}>
        <Form.Text>Opcional: o código de barras, a referência ou o número no sistema anterior.</Form.Text>
      </TextField>
      <MoneyField control={control} name="price" id="product-price" label="Preço" error={errors.price?.message} />
      <Form.Group className="mb-3" controlId="product-unit">
        <Form.Label>Unidade</Form.Label>
        <Form.Select isInvalid={!!errors.unit} aria-describedby="product-unit-help" {...register('unit')}>
          {PRODUCT_UNITS.map((u) => (
            <option key={u} value={u}>
              {unitNames[u]}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.unit?.message}</Form.Control.Feedback>
        <Form.Text id="product-unit-help">
          Quilograma, metro, m², m³, litro e hora aceitam quantidades com até 3 casas decimais (1,5).
        </Form.Text>
      </Form.Group>
      <WarrantyField form={form} name="warrantyDays" id="product-warranty" />
      <FormActions cancelTo="/products" isSubmitting={isSubmitting} />
    </Form>
  );
}
