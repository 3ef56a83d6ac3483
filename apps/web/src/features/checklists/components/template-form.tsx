import { useFieldArray } from 'react-hook-form';
import { Button, Form } from 'react-bootstrap';
import {
  checklistItemKinds,
  checklistKindLabels,
  checklistTemplateBody,
  type ChecklistTemplateBody,
} from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { TextField, useRegisterForm } from '../../../components/register-form.tsx';

interface TemplateFormProps {
  defaultValues?: ChecklistTemplateBody;
  onSubmit(values: ChecklistTemplateBody): Promise<unknown>;
}

const blankItem = { label: '', kind: 'check' as const, required: false };

/** A checklist's name and its items, in the order the technician will see them. */
export function TemplateForm({ defaultValues = { name: '', items: [blankItem] }, onSubmit }: TemplateFormProps) {
  const {
    register,
    control,
    submit,
    formState: { errors, isSubmitting },
  } = useRegisterForm(checklistTemplateBody, defaultValues, onSubmit);
  const items = useFieldArray({ control, name: 'items' });
  return (
    <Form noValidate onSubmit={submit} className="form-medium">
      <TextField id="checklist-name" label="Nome" error={errors.name?.message} {...register('name')} />
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Itens</legend>
        <ol className="list-unstyled d-grid gap-2 mb-2">
          {items.fields.map((field, k) => (
            <li key={field.id} className="border rounded p-2" data-testid={`checklist-item-${k}`}>
              <div className="d-flex flex-wrap gap-2 align-items-start">
                <Form.Group className="flex-grow-1" controlId={`item-${k}-label`}>
                  <Form.Label className="visually-hidden">Item {k + 1}</Form.Label>
                  <Form.Control
                    placeholder={`Item ${k + 1}`}
                    aria-label={`Item ${k + 1}`}
                    isInvalid={!!errors.items?.[k]?.label}
                    {...register(`items.${k}.label`)}
                  />
                  <Form.Control.Feedback type="invalid">{errors.items?.[k]?.label?.message}</Form.Control.Feedback>
                </Form.Group>
                <Form.Select
                  className="w-auto"
                  aria-label={`Tipo do item ${k + 1}`}
                  isInvalid={!!errors.items?.[k]?.kind}
                  {...register(`items.${k}.kind`)}
                >
                  {checklistItemKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {checklistKindLabels[kind]}
                    </option>
                  ))}
                </Form.Select>
              </div>
              <div className="d-flex flex-wrap gap-3 align-items-center mt-2">
                <Form.Check id={`item-${k}-required`} label="Obrigatório" {...register(`items.${k}.required`)} />
                <Button
                  size="sm"
                  variant="link"
                  className="p-0"
                  disabled={k === 0}
                  onClick={() => items.move(k, k - 1)}
                  aria-label={`Subir o item ${k + 1}`}
                >
                  Subir
                </Button>
                <Button
                  size="sm"
                  variant="link"
                  className="p-0 text-danger"
                  disabled={items.fields.length === 1}
                  onClick={() => items.remove(k)}
                  aria-label={`Remover o item ${k + 1}`}
                >
                  Remover
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {errors.items?.message && <div className="invalid-feedback d-block">{errors.items.message}</div>}
        <Button variant="outline-primary" size="sm" onClick={() => items.append(blankItem)}>
          Adicionar item
        </Button>
      </fieldset>
      <FormActions cancelTo="/checklist-templates" isSubmitting={isSubmitting} />
    </Form>
  );
}
