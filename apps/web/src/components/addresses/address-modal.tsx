import { useEffect, useId } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { addressBody, addressMessages, brazilianStates, type AddressBody, type AddressInput } from '@oficina/contracts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { AppModal } from '../app-modal.tsx';
import { LoadingBlock } from '../loading-block.tsx';
import { ModalFormFooter } from '../modal-form-footer.tsx';
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

/** 'Adicionar endereço' / 'Alterar endereço': static, loads the address with a spinner. */
export function AddressModal({ ownerPath, addressId, show, onHide }: AddressModalProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const query = useAddress(ownerPath, show ? addressId : null);
  const save = useSaveAddress(ownerPath);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressInput, unknown, AddressBody>({
    resolver: zodResolver(addressBody),
    // Validated on blur; a field once left re-checks as it is edited, so a message
    // does not vanish under the pointer on the way to 'Salvar', moving the button, and swallow the click.
    mode: 'onTouched',
    defaultValues: empty,
  });

  // Opening for add gives an empty form; opening with an address loads it.
  useEffect(() => {
    if (!show) return;
    if (addressId === null) reset(empty);
    else if (query.data) {
      const a = query.data;
      reset({
        address: a.address,
        number: a.number,
        complement: a.complement ?? '',
        neighborhood: a.neighborhood ?? '',
        city: a.city ?? '',
        state: a.state ?? '',
        postalCode: a.postalCode ?? '',
      });
    }
  }, [show, addressId, query.data, reset]);

  const loading = addressId !== null && (query.isPending || query.isFetching);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ addressId, body });
      toast.success(addressMessages.saved);
      onHide();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <AppModal
      show={show}
      onHide={onHide}
      isStatic
      size="lg"
      title={addressId === null ? 'Adicionar endereço' : 'Alterar endereço'}
      footer={
        <ModalFormFooter
          formId={id('form')}
          onCancel={onHide}
          isSubmitting={isSubmitting}
          disabled={loading}
          label="Salvar"
        />
      }
    >
      {loading ? (
        <LoadingBlock label="Carregando endereço" />
      ) : query.isError && addressId !== null ? (
        <div className="alert alert-danger mb-0">Não foi possível carregar o endereço. Tente novamente.</div>
      ) : (
        <Form id={id('form')} noValidate onSubmit={onSubmit}>
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
          {errors.root && <div className="text-danger mt-3">{errors.root.message}</div>}
        </Form>
      )}
    </AppModal>
  );
}
