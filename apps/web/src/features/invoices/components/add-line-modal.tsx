import { useId, useState, type ReactNode } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import {
  addEquipmentBody,
  addProductBody,
  addServiceBody,
  addWorkerBody,
  messages,
  type AddServiceBody,
} from '@oficina/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useDraft } from '../../../lib/use-form-draft.ts';
import { DraftNotice } from '../../../components/draft-notice.tsx';
import { AppModal } from '../../../components/app-modal.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { useAddLine, type AddLineBody } from '../api/add-line.ts';
import { invoiceKey } from '../api/invoice-keys.ts';
import { searchLineOptions, type LineKind } from '../api/search-line-options.ts';

/** Per kind: the body's field, its schema and the texts. */
const kinds = {
  services: {
    field: 'service',
    schema: addServiceBody,
    title: 'Adicionar serviço',
    label: 'Serviço',
    added: 'Serviço adicionado com sucesso',
  },
  products: {
    field: 'product',
    schema: addProductBody,
    title: 'Adicionar produto',
    label: 'Produto',
    added: 'Produto adicionado com sucesso',
  },
  equipments: {
    field: 'equipment',
    schema: addEquipmentBody,
    title: 'Adicionar equipamento',
    label: 'Equipamento',
    added: 'Equipamento adicionado com sucesso',
  },
  workers: {
    field: 'worker',
    schema: addWorkerBody,
    title: 'Adicionar colaborador',
    label: 'Colaborador',
    added: 'Colaborador adicionado com sucesso',
  },
} as const;

/** The fields of every kind; each kind's schema reads only its own (names as in the contract). */
interface Values {
  service?: number;
  product?: number;
  equipment?: number;
  worker?: number;
  quantity?: number;
  description?: string;
}
const empty: Values = { quantity: 1, description: '' };

interface AddLineModalProps {
  invoiceId: number;
  kind: LineKind;
  show: boolean;
  onHide(): void;
  /** Extra content under the picker (the admin's link to register a new equipment). */
  extra?: ReactNode;
}

/** Adds a service (quantity ≥ 1, description), product (quantity), equipment or worker to the order. */
export function AddLineModal({ invoiceId, kind, show, onHide, extra }: AddLineModalProps) {
  const conf = kinds[kind];
  const uid = useId();
  const orgPath = useOrgPath();
  const add = useAddLine(invoiceId, kind);
  const [picked, setPicked] = useState<Option | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values>({
    // One form for four bodies: the schema of this kind validates and shapes what is sent.
    resolver: zodResolver(conf.schema) as unknown as Resolver<Values>,
    mode: 'onBlur',
    defaultValues: empty,
  });
  // What is typed (and the picked option's label) survives a reload; reopening this modal restores it.
  const values = useWatch({ control });
  const draft = useDraft(['invoice', invoiceId, 'line', kind], {
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
      await add.mutateAsync(body as AddLineBody<typeof kind>);
      draft.clear();
      toast.success(conf.added);
      onHide();
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const withQuantity = kind === 'services' || kind === 'products';
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
                queryKey={[...invoiceKey(orgPath, invoiceId), 'options', kind]}
                loadOptions={(q) => searchLineOptions(orgPath, invoiceId, kind, q)}
                value={picked}
                onChange={(opt) => {
                  setPicked(opt);
                  field.onChange(opt?.value);
                }}
                onBlur={field.onBlur}
                isInvalid={!!errors[conf.field]}
                inline
                placeholder="Digite para pesquisar"
              />
            )}
          />
          {errors[conf.field] && <div className="invalid-feedback d-block">{errors[conf.field]?.message}</div>}
          {extra}
        </Form.Group>
        {withQuantity && (
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
        )}
        {kind === 'services' && (
          <Form.Group className="mb-3" controlId={`${uid}-description`}>
            <Form.Label>Descrição</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              isInvalid={!!errors.description}
              {...register('description' satisfies keyof AddServiceBody)}
            />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
        )}
        {errors.root && <div className="text-danger">{errors.root.message}</div>}
      </Form>
    </AppModal>
  );
}
