import { useId, useState, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, useWatch } from 'react-hook-form';
import type { SchemaSource } from '../../lib/schema-source.ts';
import { useDraft, type DraftKey } from '../../lib/use-form-draft.ts';
import { DraftNotice } from '../draft-notice.tsx';
import { SearchableSelect, type Option } from '../searchable-select.tsx';
import { DescriptionField, QuantityField, type LineFormValues } from './line-fields.tsx';
import { LineFormModal, useLineForm } from './line-form-modal.tsx';
import { QuickRegister, type QuickRegisterKind } from '../quick-create/quick-register.tsx';
import { useAuth, useOrgPath } from '../../lib/auth.tsx';
import { can } from '@ordem-certa/contracts';

/** What each kind of line is called: the body's field naming it, the section, its add button and picker. */
export const lineNames = {
  services: { field: 'service', heading: 'Serviços', title: 'Adicionar serviço', label: 'Serviço' },
  products: { field: 'product', heading: 'Produtos', title: 'Adicionar produto', label: 'Produto' },
  equipments: { field: 'equipment', heading: 'Equipamentos', title: 'Adicionar equipamento', label: 'Equipamento' },
  workers: { field: 'worker', heading: 'Colaboradores', title: 'Adicionar colaborador', label: 'Colaborador' },
} as const;
export type LineKindName = keyof typeof lineNames;

/** The body's field that names the item picked ('service'…). */
type PickField<N extends LineKindName> = (typeof lineNames)[N]['field'];

/**
 * One kind of line (service, product, equipment, worker) as its add modal asks for it. Its schema's
 * body must carry the picked item's id under the kind's field, so a kind cannot be given another
 * kind's schema.
 */
export type AddLineKind<B> = {
  [N in LineKindName]: {
    name: N;
    /** The body's schema: it checks the form and shapes what is sent. */
    schema: SchemaSource<B & Record<PickField<N>, number>>;
    /** Estimates: 'Agrupado', the whole quantity goes to one order line. */
    grouped?: boolean;
    /** Services: the description's rows. */
    descriptionRows?: number;
  };
}[LineKindName];

/** Services and products are added with a quantity (products by their unit). */
const takesQuantity = (name: LineKindName) => name === 'services' || name === 'products';

export interface AddLineModalProps<B> {
  kind: AddLineKind<B>;
  show: boolean;
  onHide(): void;
  /** Where what is typed is kept until it is added (see useDraft). */
  draftKey: DraftKey;
  /** The picker's cache key and its search on the server. */
  optionsKey: readonly unknown[];
  loadOptions(q: string): Promise<Option[]>;
  onAdd(body: B): Promise<unknown>;
  /** The picker's list pushes the fields below down instead of covering them. */
  inline?: boolean;
  placeholder?: string;
  /** Extra content under the picker. */
  extra?: ReactNode;
  /**
   * Where an item of another register is made in place (the customer's equipment: its POST path),
   * for a viewer who may; services and products are offered by the viewer's permissions alone.
   */
  registerAt?: { what: QuickRegisterKind; path: string };
}

/**
 * Adds a line of a kind to an order or an estimate: pick it, then its quantity and description as the kind asks.
 * Its form is made when it first opens and kept from then on (with what was typed): a screen shows its
 * sections' add buttons, and building a closed form for each cost a slow phone tens of milliseconds.
 */
export function AddLineModal<B>(props: AddLineModalProps<B>) {
  const [opened, setOpened] = useState(props.show);
  if (props.show && !opened) setOpened(true);
  return opened ? <AddLineForm {...props} /> : null;
}

function AddLineForm<B>(props: AddLineModalProps<B>) {
  const { kind, show, onHide, draftKey, optionsKey, loadOptions, onAdd, inline, placeholder, extra, registerAt } =
    props;
  const uid = useId();
  const { field: pickField, title, label } = lineNames[kind.name];
  const empty: LineFormValues = { quantity: 1, description: '', ...(kind.grouped ? { isGrouped: false } : {}) };
  const [picked, setPicked] = useState<Option | null>(null);
  const form = useLineForm<B>(kind.schema, empty);
  const { control, register, reset, setValue } = form;
  const orgPath = useOrgPath();
  const { viewer } = useAuth();
  // A service or product not registered yet is registered here, in place, by who may register it.
  const registers: { what: QuickRegisterKind; path: string } | undefined =
    kind.name === 'services' && can(viewer, 'service.manage')
      ? { what: 'serviço', path: `${orgPath}/services` }
      : kind.name === 'products' && can(viewer, 'product.manage')
        ? { what: 'produto', path: `${orgPath}/products` }
        : registerAt;
  const { errors, isDirty } = form.formState;
  // What is typed (and the picked option's label) survives a reload; reopening this modal restores it.
  const values = useWatch({ control });
  const draft = useDraft(draftKey, {
    enabled: show,
    value: { values, picked },
    dirty: isDirty,
    apply: (d) => {
      reset(d?.values ?? empty, { keepDefaultValues: true });
      setPicked(d?.picked ?? null);
    },
  });
  const fieldError = errors[pickField];
  return (
    <LineFormModal
      form={form}
      uid={uid}
      title={title}
      show={show}
      onHide={onHide}
      onExited={() => {
        reset(empty);
        setPicked(null);
      }}
      label="Adicionar"
      save={async (body) => {
        await onAdd(body);
        draft.clear();
      }}
      saved={`${label} adicionado com sucesso`}
    >
      <DraftNotice draft={draft} className="small mb-2" />
      <Form.Group className="mb-3">
        <Form.Label htmlFor={`${uid}-pick`}>{label}</Form.Label>
        <Controller
          control={control}
          name={pickField}
          render={({ field }) => (
            <SearchableSelect
              id={`${uid}-pick`}
              queryKey={optionsKey}
              loadOptions={loadOptions}
              value={picked}
              onChange={(opt) => {
                setPicked(opt);
                field.onChange(opt?.value);
              }}
              onBlur={field.onBlur}
              isInvalid={!!fieldError}
              inline={inline}
              placeholder={placeholder}
            />
          )}
        />
        {fieldError && <div className="invalid-feedback d-block">{fieldError.message}</div>}
        {extra}
        {registers && (
          <QuickRegister
            what={registers.what}
            path={registers.path}
            invalidate={[[...optionsKey], [kind.name]]}
            onCreated={(option) => {
              setPicked(option);
              setValue(pickField as never, option.value as never, { shouldValidate: true });
            }}
          />
        )}
      </Form.Group>
      {takesQuantity(kind.name) && (
        <>
          <QuantityField
            uid={uid}
            control={control}
            unit={kind.name === 'products' ? picked?.unit : undefined}
            error={errors.quantity?.message}
          />
          {kind.grouped && (
            <Form.Check
              className="mb-3"
              id={`${uid}-grouped`}
              label="Agrupado (vai inteiro para uma só linha da OS)"
              {...register('isGrouped')}
            />
          )}
        </>
      )}
      {kind.descriptionRows !== undefined && (
        <DescriptionField uid={uid} register={register} errors={errors} rows={kind.descriptionRows} />
      )}
    </LineFormModal>
  );
}
