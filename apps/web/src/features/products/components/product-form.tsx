import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { DEFAULT_UNIT, messages, PRODUCT_UNITS, productBody, unitNames, type ProductBody } from '@oficina/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';

interface ProductFormProps {
  defaultValues?: ProductBody;
  onSubmit(values: ProductBody): Promise<unknown>;
}

export function ProductForm({ defaultValues, onSubmit }: ProductFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductBody>({
    resolver: zodResolver(productBody),
    mode: 'onBlur',
    defaultValues: { unit: DEFAULT_UNIT, ...defaultValues },
  });
  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((err) => applyServerErrors(err, setError, messages.requestFailed));
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <Form.Group className="mb-3" controlId="product-name">
        <Form.Label>Nome</Form.Label>
        <Form.Control isInvalid={!!errors.name} {...register('name')} />
        <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3">
        <Form.Label htmlFor="product-price">Preço</Form.Label>
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <MoneyInput
              id="product-price"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.price?.message}
            />
          )}
        />
      </Form.Group>
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
      <FormActions cancelTo="/products" isSubmitting={isSubmitting} />
    </Form>
  );
}
