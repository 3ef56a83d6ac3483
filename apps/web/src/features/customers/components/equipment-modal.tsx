import { useEffect } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { equipmentBody, equipmentMessages, type Equipment, type EquipmentInput } from '@ordem-certa/contracts';
import { ModalForm, useModalForm } from '../../../components/modal-form.tsx';
import { useEquipment } from '../api/get-equipment.ts';
import { useSaveEquipment } from '../api/save-equipment.ts';

const empty: EquipmentInput = {
  name: '',
  brand: '',
  model: '',
  serialNumber: '',
  description: '',
  kind: '',
  capacityBtuh: null,
  location: '',
};
const toValues = (e: Equipment): EquipmentInput => ({
  name: e.name,
  brand: e.brand,
  model: e.model,
  serialNumber: e.serialNumber,
  description: e.description ?? '',
  kind: e.kind ?? '',
  capacityBtuh: e.capacityBtuh,
  location: e.location ?? '',
});
/** An empty capacity is no capacity; anything typed is checked as a number. */
const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

interface EquipmentModalProps {
  customerId: number;
  /** null: 'Novo Equipamento'; a number: 'Editar Equipamento'. */
  equipmentId: number | null;
  show: boolean;
  onHide(): void;
}

export function EquipmentModal({ customerId, equipmentId, show, onHide }: EquipmentModalProps) {
  const query = useEquipment(customerId, show ? equipmentId : null);
  const save = useSaveEquipment(customerId);
  const {
    register,
    id,
    modal,
    formState: { errors },
  } = useModalForm({
    schema: equipmentBody,
    empty,
    recordId: equipmentId,
    query,
    toValues,
    show,
    onHide,
    save: (body) => save.mutateAsync({ equipmentId, body }),
    savedMessage: equipmentId === null ? equipmentMessages.created : equipmentMessages.updated,
  });

  // A failed load says so and closes.
  useEffect(() => {
    if (show && equipmentId !== null && query.isError) {
      toast.error(equipmentMessages.loadFailed);
      onHide();
    }
  }, [show, equipmentId, query.isError, onHide]);

  const field = (
    name: 'name' | 'brand' | 'model' | 'serialNumber' | 'kind' | 'location',
    label: string,
    md: number,
  ) => (
    <Col md={md}>
      <Form.Group controlId={id(name)}>
        <Form.Label>{label}</Form.Label>
        <Form.Control isInvalid={!!errors[name]} autoComplete="off" {...register(name)} />
        <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
      </Form.Group>
    </Col>
  );

  return (
    <ModalForm
      {...modal}
      title={equipmentId === null ? 'Novo Equipamento' : 'Editar Equipamento'}
      loadingLabel="Carregando equipamento"
    >
      <Row className="g-3">
        {field('name', 'Nome', 12)}
        {field('brand', 'Marca', 6)}
        {field('model', 'Modelo', 6)}
        {field('serialNumber', 'N/S', 6)}
        {field('kind', 'Tipo (para o PMOC)', 6)}
        <Col md={6}>
          <Form.Group controlId={id('capacityBtuh')}>
            <Form.Label>Capacidade (BTU/h)</Form.Label>
            <Form.Control
              type="number"
              inputMode="numeric"
              min={1}
              isInvalid={!!errors.capacityBtuh}
              {...register('capacityBtuh', { setValueAs: optionalNumber })}
            />
            <Form.Control.Feedback type="invalid">{errors.capacityBtuh?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        {field('location', 'Local de instalação', 6)}
        <Col md={12}>
          <Form.Group controlId={id('description')}>
            <Form.Label>Observações</Form.Label>
            <Form.Control as="textarea" rows={3} isInvalid={!!errors.description} {...register('description')} />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      </Row>
    </ModalForm>
  );
}
