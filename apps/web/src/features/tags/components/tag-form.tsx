import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { DEFAULT_TAG_COLOR, messages, tagBody, type TagBody } from '@ordem-certa/contracts';
import { ControlledField } from '../../../components/controlled-field.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { TagBadge } from '../../../components/tag-badge.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { TagColorPicker } from './tag-color-picker.tsx';

interface TagFormProps {
  defaultValues?: TagBody;
  onSubmit(values: TagBody): Promise<unknown>;
}

export function TagForm({ defaultValues = { name: '', color: DEFAULT_TAG_COLOR }, onSubmit }: TagFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(tagBody), mode: 'onBlur', defaultValues });
  const [name, color] = useWatch({ control, name: ['name', 'color'] });
  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((err) => applyServerErrors(err, setError, messages.requestFailed));
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <Form.Group className="mb-3" controlId="tag-name">
        <Form.Label>Título</Form.Label>
        <Form.Control isInvalid={!!errors.name} {...register('name')} />
        <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
      </Form.Group>
      <ControlledField
        control={control}
        name="color"
        label="Cor"
        error={errors.color?.message}
        render={(field) => (
          <TagColorPicker name={field.name} value={field.value} onChange={field.onChange} isInvalid={!!errors.color} />
        )}
      />
      <div className="mb-3">
        <span className="text-body-secondary small me-2">Pré-visualização:</span>
        <TagBadge name={name || 'Etiqueta'} color={color} />
      </div>
      <FormActions cancelTo="/tags" isSubmitting={isSubmitting} />
    </Form>
  );
}
