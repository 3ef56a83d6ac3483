import { useEffect, useId } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { equipmentBody, equipmentMessages, type EquipmentBody, type EquipmentInput } from '@oficina/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { useEquipment } from '../api/get-equipment.ts';
import { useSaveEquipment } from '../api/save-equipment.ts';

const empty: EquipmentInput = { name: '', brand: '', model: '', serialNumber: '', description: '' };

interface EquipmentModalProps {
  customerId: number;
  /** null: 'Novo Equipamento'; a number: 'Editar Equipamento'. */
  equipmentId: number | null;
  show: boolean;
  onHide(): void;
}

export function EquipmentModal({ customerId, equipmentId, show, onHide }: EquipmentModalProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const query = useEquipment(customerId, show ? equipmentId : null);
  const save = useSaveEquipment(customerId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EquipmentInput, unknown, EquipmentBody>({
    resolver: zodResolver(equipmentBody),
    // Validated on blur; a field once left re-checks as it is edited, so a message
    // does not vanish under the pointer on the way to 'Salvar', moving the button, and swallow the click.
    mode: 'onTouched',
    defaultValues: empty,
  });

  useEffect(() => {
    if (!show) return;
    if (equipmentId === null) reset(empty);
    else if (query.data) reset({ ...query.data, description: query.data.description ?? '' });
  }, [show, equipmentId, query.data, reset]);

  // A failed load says so and closes.
  useEffect(() => {
    if (show && equipmentId !== null && query.isError) {
      toast.error(equipmentMessages.loadFailed);
      onHide();
    }
  }, [show, equipmentId, query.isError, onHide]);

  const loading = equipmentId !== null && (query.isPending || query.isFetching);
  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ equipmentId, body });
      toast.success(equipmentId === null ? equipmentMessages.created : equipmentMessages.updated);
      onHide();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const field = (name: 'name' | 'brand' | 'model' | 'serialNumber', label: string, md: number) => (
    <Col md={md}>
      <Form.Group controlId={id(name)}>
        <Form.Label>{label}</Form.Label>
        <Form.Control isInvalid={!!errors[name]} autoComplete="off" {...register(name)} />
        <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
      </Form.Group>
    </Col>
  );

  return (
    <AppModal
      show={show}
      onHide={onHide}
      size="lg"
      title={equipmentId === null ? 'Novo Equipamento' : 'Editar Equipamento'}
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
        <LoadingBlock label="Carregando equipamento" />
      ) : (
        <Form id={id('form')} noValidate onSubmit={onSubmit}>
          <Row className="g-3">
            {field('name', 'Nome', 12)}
            {field('brand', 'Marca', 6)}
            {field('model', 'Modelo', 6)}
            {field('serialNumber', 'N/S', 6)}
            <Col md={12}>
              <Form.Group controlId={id('description')}>
                <Form.Label>Observações</Form.Label>
                <Form.Control as="textarea" rows={3} isInvalid={!!errors.description} {...register('description')} />
                <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
              </Form.Group>
            </Col>
          </Row>
          {errors.root && <div className="text-danger mt-3">{errors.root.message}</div>}
        </Form>
      )}
    </AppModal>
  );
}
