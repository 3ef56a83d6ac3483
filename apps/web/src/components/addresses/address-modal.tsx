import { useEffect, useState } from 'react';
import { Col, Form, Row, Spinner } from 'react-bootstrap';
import { Controller, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import {
  addressBody,
  addressMessages,
  brazilianStates,
  lookupMessages,
  stateOfIbgeCode,
  type Address,
  type AddressInput,
} from '@ordem-certa/contracts';
import { ModalForm, useModalForm } from '../modal-form.tsx';
import { MaskedInput } from '../masked-input.tsx';
import { useAddress } from './api/get-address.ts';
import { useSaveAddress } from './api/save-address.ts';
import { setAddressPosition } from './api/set-address-position.ts';
import { AddressPin } from './address-pin.tsx';
import { useMapTiles, type MapPosition } from '../map/map-view.tsx';
import { MunicipalitySelect } from './municipality-select.tsx';
import { useCepFill, type CepFillState } from './use-cep-fill.ts';

const empty: AddressInput = {
  address: '',
  number: null,
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  postalCode: '',
  ibgeCode: '',
};

interface AddressModalProps {
  ownerPath: string;
  /** null: add; a number: edit that address. */
  addressId: number | null;
  show: boolean;
  onHide(): void;
}

const toValues = (a: Address): AddressInput => ({
  address: a.address,
  number: a.number,
  complement: a.complement ?? '',
  neighborhood: a.neighborhood ?? '',
  city: a.city ?? '',
  state: a.state ?? '',
  postalCode: a.postalCode ?? '',
  ibgeCode: a.ibgeCode ?? '',
});

/** What the CEP lookup says under the CEP: searching, or why the address is to be typed by hand. */
function CepStatus({ id, state }: { id: string; state: CepFillState }) {
  return (
    <div id={id} role="status" aria-live="polite" className="small">
      {state.status === 'searching' && (
        <span className="text-body-secondary">
          <Spinner size="sm" className="me-1" aria-hidden />
          {lookupMessages.cepSearching}
        </span>
      )}
      {state.status === 'failed' && <span className="text-warning-emphasis">{state.message}</span>}
    </div>
  );
}

/**
 * 'Adicionar endereço' / 'Alterar endereço': static, loads the address with a spinner. The CEP comes
 * first and fills the rest when it is found; the city is picked from IBGE's list (it sets the UF and
 * the code). A failed lookup only says so under the CEP: the form is typed and saved by hand.
 */
export function AddressModal({ ownerPath, addressId, show, onHide }: AddressModalProps) {
  const query = useAddress(ownerPath, show ? addressId : null);
  const queryClient = useQueryClient();
  // The map is for an address saved already (the geocoder places a new one after its save).
  const hasMaps = !!useMapTiles() && addressId !== null;
  const save = useSaveAddress(ownerPath);
  // The pin: as stored, until dragged or placed on the map; then sent after the address (a changed
  // text clears the stored position, so the one set by hand goes last).
  // A pin moved belongs to the opening it was moved in: opening again shows the stored one.
  const [moved, setMoved] = useState<MapPosition | null>(null);
  const opening = `${show}-${addressId}`;
  const [openedAs, setOpenedAs] = useState(opening);
  if (openedAs !== opening) {
    setOpenedAs(opening);
    setMoved(null);
  }
  const { latitude, longitude } = (addressId === null ? undefined : query.data) ?? {};
  const pin = {
    position: moved ?? (latitude != null && longitude != null ? { latitude, longitude } : null),
    moved: moved !== null,
  };
  const form = useModalForm({
    schema: addressBody,
    empty,
    recordId: addressId,
    query,
    toValues,
    show,
    onHide,
    save: async (body) => {
      const saved = await save.mutateAsync({ addressId, body });
      if (pin.moved && pin.position) {
        await setAddressPosition(ownerPath, saved.id, pin.position);
        await queryClient.invalidateQueries({ queryKey: ['addresses', ownerPath] });
      }
    },
    savedMessage: addressMessages.saved,
  });
  const {
    register,
    control,
    id,
    setValue,
    setFocus,
    modal,
    formState: { errors },
  } = form;
  const cep = useCepFill(form, {
    // Found while the CEP still has the focus: on to the number, the one field a CEP never fills.
    onFilled: () => {
      if (document.activeElement?.id === id('postalCode')) setFocus('number');
    },
  });
  const { restart } = cep;
  const loadedCep = addressId === null ? null : (query.data?.postalCode ?? null);
  useEffect(() => {
    if (show) restart(loadedCep);
  }, [show, loadedCep, restart]);
  const [city, ibgeCode, state] = useWatch({ control, name: ['city', 'ibgeCode', 'state'] });

  return (
    <ModalForm
      {...modal}
      isStatic
      title={addressId === null ? 'Adicionar endereço' : 'Alterar endereço'}
      loadingLabel="Carregando endereço"
      loadError={
        query.isError && addressId !== null ? 'Não foi possível carregar o endereço. Tente novamente.' : undefined
      }
    >
      <Row className="g-3">
        <Col xs={12} sm={4}>
          <Form.Group controlId={id('postalCode')}>
            <Form.Label>CEP</Form.Label>
            <Controller
              control={control}
              name="postalCode"
              render={({ field }) => (
                <MaskedInput
                  id={id('postalCode')}
                  mask={{ mask: '00000-000' }}
                  inputMode="numeric"
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    cep.typed(v);
                  }}
                  onBlur={field.onBlur}
                  isInvalid={!!errors.postalCode}
                  autoComplete="off"
                  aria-describedby={id('cepStatus')}
                />
              )}
            />
            <Form.Control.Feedback type="invalid">{errors.postalCode?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        {/* Beside the CEP on a wide screen, under it on a phone. */}
        <Col xs={12} sm={8} className="d-flex align-items-end mt-1 mt-sm-0 pb-sm-2">
          <CepStatus id={id('cepStatus')} state={cep.state} />
        </Col>
        <Col sm={9}>
          <Form.Group controlId={id('address')}>
            <Form.Label>Endereço</Form.Label>
            <Form.Control isInvalid={!!errors.address} autoComplete="off" {...register('address')} />
            <Form.Control.Feedback type="invalid">{errors.address?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={id('number')}>
            <Form.Label>Número</Form.Label>
            <Form.Control
              inputMode="numeric"
              isInvalid={!!errors.number}
              autoComplete="off"
              {...register('number', {
                setValueAs: (v) => (v === '' || v === null || v === undefined ? null : Number(v)),
              })}
            />
            <Form.Control.Feedback type="invalid">{errors.number?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col sm={6}>
          <Form.Group controlId={id('complement')}>
            <Form.Label>Complemento</Form.Label>
            <Form.Control isInvalid={!!errors.complement} autoComplete="off" {...register('complement')} />
            <Form.Control.Feedback type="invalid">{errors.complement?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col sm={6}>
          <Form.Group controlId={id('neighborhood')}>
            <Form.Label>Bairro</Form.Label>
            <Form.Control isInvalid={!!errors.neighborhood} autoComplete="off" {...register('neighborhood')} />
            <Form.Control.Feedback type="invalid">{errors.neighborhood?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={8}>
          <Form.Group>
            <Form.Label htmlFor={id('city')}>Cidade</Form.Label>
            <MunicipalitySelect
              id={id('city')}
              city={city ?? ''}
              ibgeCode={ibgeCode ?? ''}
              state={state ?? ''}
              isInvalid={!!(errors.city || errors.ibgeCode)}
              onChange={(picked) => {
                const opts = { shouldDirty: true, shouldValidate: true };
                setValue('city', picked?.city ?? '', opts);
                setValue('ibgeCode', picked?.ibgeCode ?? '', opts);
                if (picked) setValue('state', picked.state, opts);
              }}
            />
            <Form.Control.Feedback type="invalid" className={errors.city || errors.ibgeCode ? 'd-block' : undefined}>
              {errors.city?.message ?? errors.ibgeCode?.message}
            </Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={4}>
          <Form.Group controlId={id('state')}>
            <Form.Label>UF</Form.Label>
            <Form.Select
              isInvalid={!!errors.state}
              {...register('state', {
                // Another UF: the city picked belongs to the old one, so it is to be picked again.
                onChange: (e: { target: { value: string } }) => {
                  const code = form.getValues('ibgeCode');
                  if (code && stateOfIbgeCode(code) !== e.target.value) {
                    setValue('city', '', { shouldDirty: true });
                    setValue('ibgeCode', '', { shouldDirty: true });
                  }
                },
              })}
            >
              <option value="" />
              {brazilianStates.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.state?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        {hasMaps && (
          <Col xs={12}>
            <AddressPin position={pin.position} moved={pin.moved} onChange={setMoved} />
          </Col>
        )}
      </Row>
    </ModalForm>
  );
}
