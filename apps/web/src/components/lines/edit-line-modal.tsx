import { useEffect, useId } from 'react';
import { Form } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { unitLabel } from '@ordem-certa/contracts';
import { lazySchema } from '../../lib/schema-source.ts';
import { MoneyInput } from '../money-input.tsx';
import { DescriptionField, QuantityField, type LineFormValues } from './line-fields.tsx';
import { LineFormModal, useLineForm } from './line-form-modal.tsx';

const editServiceSchema = lazySchema('editServiceLineBody');
const editProductSchema = lazySchema('editProductLineBody');

/** A line as the order or estimate detail gives it; services and products, the ones edited, have a quantity. */
export interface EditableLine {
  id: number;
  name: string;
  quantity?: number;
  price?: number;
  description?: string | null;
  /** Products: the unit ('kg'…); services have none (whole numbers). */
  unit?: string;
}

export interface EditLineValues {
  quantity?: number;
  price?: number;
  description?: string | null;
}

interface EditLineModalProps {
  kind: 'services' | 'products';
  /** The line to edit; null keeps the modal closed. */
  line: EditableLine | null;
  onHide(): void;
  onSave(lineId: number, body: EditLineValues): Promise<unknown>;
}

const valuesOf = (line: EditableLine | null): LineFormValues => ({
  quantity: line?.quantity,
  price: line?.price,
  description: line?.description ?? '',
});

/**
 * Edits a service or product line of an order or an estimate in place (admins): quantity by the
 * line's unit, the price negotiated for this record (the catalogue keeps its own) and, on services,
 * the description. The server checks it all again and answers on the fields.
 */
export function EditLineModal({ kind, line, onHide, onSave }: EditLineModalProps) {
  const uid = useId();
  const form = useLineForm<EditLineValues>(kind === 'services' ? editServiceSchema : editProductSchema, valuesOf(line));
  const { control, register, reset } = form;
  const { errors } = form.formState;
  useEffect(() => {
    if (line) reset(valuesOf(line));
  }, [line, reset]);

  return (
    <LineFormModal
      form={form}
      uid={uid}
      title={line ? `Editar ${line.name}` : 'Editar item'}
      show={!!line}
      onHide={onHide}
      label="Salvar"
      save={async (body) => {
        if (!line) return;
        // Only what this user changed is sent: a quantity changed meanwhile by someone else is not put
        // back by a save that changed only the price (the server keeps what a body leaves out).
        const loaded = valuesOf(line) as Record<string, unknown>;
        const changed = Object.fromEntries(
          Object.entries(body as Record<string, unknown>).filter(([k, v]) => (v ?? '') !== (loaded[k] ?? '')),
        ) as EditLineValues;
        if (Object.keys(changed).length) await onSave(line.id, changed);
      }}
      saved="Item alterado com sucesso"
    >
      <QuantityField
        uid={uid}
        control={control}
        unit={line?.unit}
        error={errors.quantity?.message}
        label={`Quantidade${line?.unit ? ` (${unitLabel(line.unit)})` : ''}`}
      />
      <Form.Group className="mb-3">
        <Form.Label htmlFor={`${uid}-price`}>Preço unitário</Form.Label>
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <MoneyInput
              id={`${uid}-price`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.price?.message}
            />
          )}
        />
        <Form.Text>Vale só para este item; o preço do catálogo não muda.</Form.Text>
      </Form.Group>
      {kind === 'services' && <DescriptionField uid={uid} register={register} errors={errors} rows={3} />}
    </LineFormModal>
  );
}
