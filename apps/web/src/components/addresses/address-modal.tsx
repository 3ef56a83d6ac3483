import { Col, Form, Row } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { addressBody, addressMessages, brazilianStates, type Address, type AddressInput } from '@oficina/contracts';
import { ModalForm, useModalForm } from '../modal-form.tsx';
import { MaskedInput } from '../masked-input.tsx';
import { useAddress } from './api/get-address.ts';
import { useSaveAddress } from './api/save-address.ts';

const empty: AddressInput = {
  address: '',
  number: null,
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  postalCode: '',
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
});

/** 'Adicionar endereço' / 'Alterar endereço': static, loads the address with a spinner. */
export function AddressModal({ ownerPath, addressId, show, onHide }: AddressModalProps) {
  const query = useAddress(ownerPath, show ? addressId : null);
  const save = useSaveAddress(ownerPath);
  const {
    register,
    control,
    id,
    modal,
    formState: { errors },
  } = useModalForm({
    schema: addressBody,
    empty,
    recordId: addressId,
    query,
    toValues,
    show,
    onHide,
    save: (body) => save.mutateAsync({ addressId, body }),
    savedMessage: addressMessages.saved,
  });

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
        <Col sm={6}>
          <Form.Group controlId={id('city')}>
            <Form.Label>Cidade</Form.Label>
            <Form.Control isInvalid={!!errors.city} autoComplete="off" {...register('city')} />
            <Form.Control.Feedback type="invalid">{errors.city?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={6} sm={2}>
          <Form.Group controlId={id('state')}>
            <Form.Label>UF</Form.Label>
            <Form.Select isInvalid={!!errors.state} {...register('state')}>
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
        <Col xs={6} sm={4}>
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
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  isInvalid={!!errors.postalCode}
                  autoComplete="off"
                />
              )}
            />
            <Form.Control.Feedback type="invalid">{errors.postalCode?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      </Row>
    </ModalForm>
  );
}
