import { useId, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { addEstimateEquipmentBody, addEstimateProductBody, addEstimateServiceBody, messages } from '@oficina/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useDraft } from '../../../lib/use-form-draft.ts';
import { DraftNotice } from '../../../components/draft-notice.tsx';
import { AppModal } from '../../../components/app-modal.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { useAddLine, type AddEstimateLineBody, type EstimateLineKind } from '../api/add-line.ts';
import { estimatePath } from '../api/estimate-keys.ts';
import { searchLineOptions } from '../api/search-line-options.ts';

const kinds = {
  services: { field: 'service', schema: addEstimateServiceBody, title: 'Adicionar serviço', label: 'Serviço' },
  products: { field: 'product', schema: addEstimateProductBody, title: 'Adicionar produto', label: 'Produto' },
  equipments: {
    field: 'equipment',
    schema: addEstimateEquipmentBody,
    title: 'Adicionar equipamento',
    label: 'Equipamento',
  },
} as const;

interface Values {
  service?: number;
  product?: number;
  equipment?: number;
  quantity?: number;
  isGrouped?: boolean;
  description?: string;
}
const empty: Values = { quantity: 1, isGrouped: false, description: '' };

/** Adds a service (quantity, agrupado, description), a product (quantity, agrupado) or an equipment. */
export function AddLineModal(props: { estimateId: number; kind: EstimateLineKind; show: boolean; onHide(): void }) {
  const { estimateId, kind, show, onHide } = props;
  const conf = kinds[kind];
  const uid = useId();
  const orgPath = useOrgPath();
  const add = useAddLine(estimateId);
  const [picked, setPicked] = useState<Option | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(conf.schema) as unknown as Resolver<Values>,
    mode: 'onBlur',
    defaultValues: empty,
  });
  // What is typed (and the picked option's label) survives a reload; reopening this modal restores it.
  const values = useWatch({ control });
  const draft = useDraft(['estimate', estimateId, 'line', kind], {
    enabled: show,
    value: { values, picked },
    dirty: isDirty,
    apply: (d) => {
      reset(d?.values ?? empty, { keepDefaultValues: true });
      setPicked(d?.picked ?? null);
    },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await add.mutateAsync({ kind, body: body as AddEstimateLineBody });
      draft.clear();
      toast.success(`${conf.label} adicionado com sucesso`);
      onHide();
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  const priced = kind !== 'equipments';
  const fieldError = errors[conf.field];
  return (
    <AppModal
      show={show}
      onHide={onHide}
      onExited={() => {
        reset(empty);
        setPicked(null);
      }}
      title={conf.title}
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancelar
          </Button>
          <Button type="submit" form={`${uid}-form`} disabled={isSubmitting}>
            {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
            Adicionar
          </Button>
        </>
      }
    >
      <Form id={`${uid}-form`} noValidate onSubmit={onSubmit}>
        <DraftNotice draft={draft} className="small mb-2" />
        <Form.Group className="mb-3">
          <Form.Label htmlFor={`${uid}-pick`}>{conf.label}</Form.Label>
          <Controller
            control={control}
            name={conf.field}
            render={({ field }) => (
              <SearchableSelect
                id={`${uid}-pick`}
                queryKey={['estimate', orgPath, estimateId, kind, 'available']}
                loadOptions={(q) => searchLineOptions(estimatePath(orgPath, estimateId), kind, q)}
                value={picked}
                onChange={(opt) => {
                  setPicked(opt);
                  field.onChange(opt?.value);
                }}
                onBlur={field.onBlur}
                isInvalid={!!fieldError}
              />
            )}
          />
          {fieldError && <div className="invalid-feedback d-block">{fieldError.message}</div>}
        </Form.Group>
        {priced && (
          <>
            <Form.Group className="mb-3">
              <Form.Label htmlFor={`${uid}-quantity`}>Quantidade</Form.Label>
              <Controller
                control={control}
                name="quantity"
                render={({ field }) => (
                  <QuantityInput
                    id={`${uid}-quantity`}
                    unit={kind === 'products' ? picked?.unit : undefined}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.quantity?.message}
                  />
                )}
              />
            </Form.Group>
            <Form.Check
              className="mb-3"
              id={`${uid}-grouped`}
              label="Agrupado (vai inteiro para uma só linha da OS)"
              {...register('isGrouped')}
            />
          </>
        )}
        {kind === 'services' && (
          <Form.Group className="mb-3" controlId={`${uid}-description`}>
            <Form.Label>Descrição</Form.Label>
            <Form.Control as="textarea" rows={2} isInvalid={!!errors.description} {...register('description')} />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
        )}
        {errors.root && <div className="text-danger">{errors.root.message}</div>}
      </Form>
    </AppModal>
  );
}
