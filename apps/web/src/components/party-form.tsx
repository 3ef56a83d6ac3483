import { useEffect, useId, useState } from 'react';
import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  cnpjForLookup,
  createPartyBody,
  formatIdentifier,
  PersonType,
  personTypeLabels,
  updatePartyBody,
  type CreatePartyBody,
  type CreatePartyInput,
  type CnpjLookupAddress,
  type Party,
  type UpdatePartyBody,
} from '@ordem-certa/contracts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { useFormDraft, type DraftKey } from '../lib/use-form-draft.ts';
import { DraftNotice } from './draft-notice.tsx';
import { MaskedInput } from './masked-input.tsx';
import { PhoneInput } from './phone-input.tsx';
import { CnpjAddressOffer, CnpjAddressOnSave, CnpjFillButton } from './cnpj-lookup/cnpj-fill.tsx';
import { useCnpjFill } from './cnpj-lookup/use-cnpj-fill.ts';
import { useVersionedSave, type ConflictField } from './version-conflict.tsx';
import { cnpjMask, cpfMask, identifierPlaceholder } from './identifier-masks.ts';

/** Given to onSubmit: call `clearDraft()` once saved and before navigating away. */
interface Saved {
  clearDraft(): void;
  /** A new record: the CNPJ's address the user chose to add once it is saved (null: none). */
  address: CnpjLookupAddress | null;
}

type PartyFormProps = (
  | {
      mode: 'create';
      onSubmit(values: CreatePartyBody, saved: Saved): Promise<unknown>;
      cancelTo: string;
    }
  | {
      mode: 'update';
      party: Party;
      onSubmit(values: UpdatePartyBody, saved: Saved): Promise<unknown>;
      cancelTo: string;
      /** `/organizations/1/companies/5`: where the CNPJ's address is added when the record has none. */
      ownerPath?: string;
    }
) & {
  /** Keep what is typed as a draft under this name (see useFormDraft); none: no draft. */
  draftKey?: DraftKey;
  /** 'Cancelar' closes what holds the form (a modal) instead of going to `cancelTo`. */
  onCancel?(): void;
};

/** The fields the conflict screen may name, as the form labels them. */
const partyConflictFields: ConflictField[] = [
  { name: 'name', label: 'Nome ou razão social' },
  { name: 'alias', label: 'Nome Fantasia' },
  { name: 'email', label: 'E-mail' },
  { name: 'phone', label: 'Telefone' },
];
/** A record's values as the form's inputs hold them: empty text for none. */
const asInputs = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => ['name', 'alias', 'email', 'phone'].includes(k))
      .map(([k, v]) => [k, v ?? '']),
  );
const partyValues = (p: Party): Record<string, unknown> => ({
  type: p.type,
  name: p.name,
  alias: p.alias,
  email: p.email,
  phone: p.phone,
});

const emptyValues: CreatePartyInput = {
  type: PersonType.Juridical,
  identifier: '',
  name: '',
  alias: '',
  email: '',
  phone: '',
};

/**
 * The company/customer form: the type switches the identifier mask and the labels;
 * the alias exists for legal entities only. In update mode the type is locked and the identifier
 * is shown formatted, read-only. Validates on blur with the same schema as the server.
 */
export function PartyForm(props: PartyFormProps) {
  const uid = useId();
  const isCreate = props.mode === 'create';
  const resolver = (isCreate ? zodResolver(createPartyBody) : zodResolver(updatePartyBody)) as unknown as Resolver<
    CreatePartyInput,
    unknown,
    CreatePartyBody | UpdatePartyBody
  >;
  const form = useForm<CreatePartyInput, unknown, CreatePartyBody | UpdatePartyBody>({
    resolver,
    // Validated on blur; a field once left re-checks as it is edited, so a message
    // does not vanish under the pointer on the way to 'Salvar', moving the button, and swallow the click.
    mode: 'onTouched',
    defaultValues: isCreate
      ? emptyValues
      : {
          type: props.party.type as PersonType,
          identifier: props.party.identifier,
          name: props.party.name,
          alias: props.party.alias ?? '',
          email: props.party.email ?? '',
          phone: props.party.phone ?? '',
        },
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const draft = useFormDraft(props.draftKey ?? [], form, { enabled: !!props.draftKey });
  const type = useWatch({ control, name: 'type' });
  const isLegal = type === PersonType.Juridical;
  const typedIdentifier = useWatch({ control, name: 'identifier' });
  const identifier = isCreate ? typedIdentifier : props.party.identifier;
  const cnpj = useCnpjFill(form);
  const [addAddressOnSave, setAddAddressOnSave] = useState(true);

  // An edit is saved at the version its form started from. A form with nothing typed follows the record
  // as it is read again (a save elsewhere); one with edits keeps its start, so a save made meanwhile by
  // someone else comes back as a conflict instead of being written over.
  const current = props.mode === 'update' ? props.party : null;
  type Base = { version: number; values: Record<string, unknown> };
  const live: Base | null = current ? { version: current.version, values: partyValues(current) } : null;
  // Pinned at the first keystroke (and by 'Recarregar'), released once saved.
  const [pinned, setPinned] = useState<Base | null>(null);
  const base = pinned ?? live;
  const { isDirty } = form.formState;
  const liveVersion = current?.version;
  useEffect(() => {
    if (!current || isDirty) return;
    reset({ ...getValues(), ...asInputs(partyValues(current)) });
    // Only a new version of the record makes the untouched form start again from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [liveVersion]);
  const versioned = useVersionedSave({
    fields: partyConflictFields,
    write: (body) =>
      props.mode === 'update'
        ? props.onSubmit(body as unknown as UpdatePartyBody, { clearDraft: draft.clear, address: null })
        : Promise.resolve(),
    onSaved: (written) => {
      // What was saved is the form's new starting point: nothing left unsaved.
      reset({ ...getValues(), ...asInputs(written) });
      setPinned(null);
      draft.clear();
    },
    onReload: (conflict) => {
      reset({ ...getValues(), ...asInputs(conflict.current) });
      setPinned({ version: conflict.version, values: conflict.current });
    },
    onError: (err) => applyServerErrors(err, setError),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = { clearDraft: draft.clear, address: isCreate && addAddressOnSave ? cnpj.address : null };
      if (props.mode === 'create') {
        await props.onSubmit(values as CreatePartyBody, saved);
        draft.clear();
      } else if (base) {
        await versioned.save(values as unknown as Record<string, unknown>, base.values, base.version);
      }
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const id = (name: string) => `${uid}-${name}`;
  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      onChangeCapture={() => {
        if (!pinned && live) setPinned(live);
      }}
      className="party-form"
    >
      <DraftNotice draft={draft} className="small mb-2" />
      <Row className="g-3">
        <Col md={4}>
          <Form.Group controlId={id('type')}>
            <Form.Label>Tipo</Form.Label>
            {isCreate ? (
              <Form.Select
                isInvalid={!!errors.type}
                {...register('type', {
                  setValueAs: (v) => (v === '' || v === undefined ? undefined : Number(v)),
                  onChange: () => {
                    setValue('identifier', '');
                    cnpj.forget();
                  },
                })}
              >
                <option value="">Selecione o Tipo</option>
                <option value={PersonType.Juridical}>{personTypeLabels[PersonType.Juridical]}</option>
                <option value={PersonType.Natural}>{personTypeLabels[PersonType.Natural]}</option>
              </Form.Select>
            ) : (
              // Locked on update: shown, not registered, so the stored type travels unchanged.
              <Form.Select disabled value={props.party.type}>
                <option value={PersonType.Juridical}>{personTypeLabels[PersonType.Juridical]}</option>
                <option value={PersonType.Natural}>{personTypeLabels[PersonType.Natural]}</option>
              </Form.Select>
            )}
            <Form.Control.Feedback type="invalid">{errors.type?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col md={8}>
          <Form.Group controlId={id('identifier')}>
            <Form.Label>{type === PersonType.Natural ? 'CPF' : 'CNPJ'}</Form.Label>
            {isCreate ? (
              <Controller
                control={control}
                name="identifier"
                render={({ field }) => (
                  <MaskedInput
                    // A new mask instance when the type changes.
                    key={type}
                    id={id('identifier')}
                    mask={type === PersonType.Natural ? cpfMask : cnpjMask}
                    value={field.value}
                    onChange={(v) => {
                      if (v !== field.value) cnpj.forget();
                      field.onChange(v);
                    }}
                    onBlur={field.onBlur}
                    isInvalid={!!errors.identifier}
                    inputMode={type === PersonType.Natural ? 'numeric' : 'text'}
                    placeholder={identifierPlaceholder(type !== PersonType.Natural)}
                    autoComplete="off"
                  />
                )}
              />
            ) : (
              <Form.Control readOnly plaintext value={formatIdentifier(props.party.identifier, props.party.type)} />
            )}
            <Form.Control.Feedback type="invalid">{errors.identifier?.message}</Form.Control.Feedback>
            {isLegal && (
              <CnpjFillButton
                enabled={!!cnpjForLookup(identifier)}
                state={cnpj.state}
                onClick={() => cnpj.fill(identifier ?? '')}
              />
            )}
          </Form.Group>
        </Col>
        <Col md={isLegal ? 6 : 12}>
          <Form.Group controlId={id('name')}>
            <Form.Label>{isLegal ? 'Razão Social' : 'Nome'}</Form.Label>
            <Form.Control isInvalid={!!errors.name} autoComplete="off" {...register('name')} />
            <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        {isLegal && (
          <Col md={6}>
            <Form.Group controlId={id('alias')}>
              <Form.Label>Nome Fantasia</Form.Label>
              <Form.Control isInvalid={!!errors.alias} autoComplete="off" {...register('alias')} />
              <Form.Control.Feedback type="invalid">{errors.alias?.message}</Form.Control.Feedback>
            </Form.Group>
          </Col>
        )}
        <Col md={6}>
          <Form.Group controlId={id('email')}>
            <Form.Label>E-mail</Form.Label>
            <Form.Control type="email" isInvalid={!!errors.email} autoComplete="off" {...register('email')} />
            <Form.Control.Feedback type="invalid">{errors.email?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col md={6}>
          <Form.Group controlId={id('phone')}>
            <Form.Label>Telefone</Form.Label>
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <PhoneInput
                  id={id('phone')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  isInvalid={!!errors.phone}
                />
              )}
            />
            <Form.Control.Feedback type="invalid">{errors.phone?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      </Row>
      {cnpj.address && isCreate && (
        <CnpjAddressOnSave address={cnpj.address} checked={addAddressOnSave} onChange={setAddAddressOnSave} />
      )}
      {cnpj.address && props.mode === 'update' && props.ownerPath && (
        <CnpjAddressOffer ownerPath={props.ownerPath} address={cnpj.address} />
      )}
      {errors.root && <div className="text-danger mt-3">{errors.root.message}</div>}
      <div className="d-flex gap-2 mt-4">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
          Salvar
        </Button>
        {props.onCancel ? (
          <Button variant="outline-secondary" onClick={props.onCancel}>
            Cancelar
          </Button>
        ) : (
          <Link to={props.cancelTo} className="btn btn-outline-secondary" onClick={draft.discard}>
            Cancelar
          </Link>
        )}
      </div>
      {versioned.screen}
    </Form>
  );
}
