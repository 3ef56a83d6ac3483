import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { QuantityInput } from '../quantity-input.tsx';

/** The fields a line form may hold, named as in the contracts' bodies. */
export interface LineFormValues {
  service?: number;
  product?: number;
  equipment?: number;
  worker?: number;
  quantity?: number;
  isGrouped?: boolean;
  price?: number;
  description?: string | null;
}

/** 'Quantidade', typed by the unit's rule (whole numbers without a unit). */
export function QuantityField<B>({
  uid,
  control,
  unit,
  error,
  label = 'Quantidade',
}: {
  uid: string;
  control: Control<LineFormValues, unknown, B>;
  unit: string | undefined;
  error: string | undefined;
  label?: ReactNode;
}) {
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={`${uid}-quantity`}>{label}</Form.Label>
      <Controller
        control={control}
        name="quantity"
        render={({ field }) => (
          <QuantityInput
            id={`${uid}-quantity`}
            unit={unit}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={error}
          />
        )}
      />
    </Form.Group>
  );
}

/** A service line's 'Descrição'. */
export function DescriptionField({
  uid,
  register,
  errors,
  rows,
}: {
  uid: string;
  register: UseFormRegister<LineFormValues>;
  errors: FieldErrors<LineFormValues>;
  rows: number;
}) {
  return (
    <Form.Group className="mb-3" controlId={`${uid}-description`}>
      <Form.Label>Descrição</Form.Label>
      <Form.Control as="textarea" rows={rows} isInvalid={!!errors.description} {...register('description')} />
      <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
    </Form.Group>
  );
}
