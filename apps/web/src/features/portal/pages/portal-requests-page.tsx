import { useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  MAX_REQUEST_PHOTOS,
  portalServiceRequestBody,
  serviceRequestMessages,
  type PortalEquipment,
  type PortalServiceRequestBody,
  type PortalServiceRequestInput,
  type ServiceRequest,
} from '@ordem-certa/contracts';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { ListSection } from '../components/list-section.tsx';
import { RequestDetailsFields } from '../components/wishes-fields.tsx';
import { usePortalList } from '../api/portal-list.ts';
import { equipmentsQuery } from '../api/get-equipments.ts';
import { requestsQuery } from '../api/get-service-requests.ts';
import { useCreateRequest } from '../api/create-request.ts';

const empty: PortalServiceRequestInput = {
  equipment: null,
  problem: '',
  preferredDays: [],
  preferredPeriods: [],
  preferredNote: '',
};

/** /portal/atendimento: 'Solicitar atendimento' (machine, problem, photos, preferred days and times), and the requests' status. */
export function PortalRequestsPage() {
  const machines = usePortalList<PortalEquipment>(equipmentsQuery());
  const requests = usePortalList<ServiceRequest>(requestsQuery());
  const create = useCreateRequest();
  const [photos, setPhotos] = useState<File[]>([]);
  const [formKey, setFormKey] = useState(0);
  const form = useContractForm<PortalServiceRequestInput, PortalServiceRequestBody>(portalServiceRequestBody, {
    defaultValues: empty,
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync({ body, photos });
      toast.success(serviceRequestMessages.created);
      form.reset(empty);
      setPhotos([]);
      setFormKey((k) => k + 1);
    } catch (err) {
      applyServerErrors(err, form.setError, 'Não foi possível enviar o pedido. Tente novamente.');
    }
  });
  return (
    <>
      <Card className="mb-4">
        <Card.Body>
          <h1 className="h5">Solicitar atendimento</h1>
          <Form noValidate onSubmit={onSubmit} key={formKey}>
            <Form.Group className="mb-3" controlId="request-equipment">
              <Form.Label>Equipamento</Form.Label>
              <Form.Select
                {...form.register('equipment', { setValueAs: (v: string) => (v ? Number(v) : null) })}
                isInvalid={!!errors.equipment}
              >
                <option value="">Nenhum / não sei</option>
                {machines.data?.data.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name} ({e.brand} {e.model})
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.equipment?.message}</Form.Control.Feedback>
            </Form.Group>
            <RequestDetailsFields form={form} idPrefix="request" />
            <Form.Group className="mb-3" controlId="request-photos">
              <Form.Label>Fotos (até {MAX_REQUEST_PHOTOS})</Form.Label>
              <Form.Control
                type="file"
                accept="image/jpeg,image/png"
                multiple
                isInvalid={!!(errors as Record<string, { message?: string }>).attachment}
                onChange={(e) =>
                  setPhotos([...((e.target as HTMLInputElement).files ?? [])].slice(0, MAX_REQUEST_PHOTOS))
                }
              />
            </Form.Group>
            <Button type="submit" className="w-100" disabled={create.isPending}>
              Enviar pedido
            </Button>
          </Form>
        </Card.Body>
      </Card>
      <ListSection title="Seus pedidos" query={requests} empty="Nenhum pedido ainda.">
        {(r) => (
          <Card key={r.id} className="mb-2" data-testid={`portal-request-${r.number}`}>
            <Card.Body>
              <div className="d-flex justify-content-between gap-2">
                <div className="fw-semibold">Pedido nº {r.number}</div>
                <Badge
                  bg={r.status === 'open' ? 'warning' : r.status === 'closed' ? 'secondary' : 'success'}
                  text={r.status === 'open' ? 'dark' : undefined}
                >
                  {r.statusLabel}
                </Badge>
              </div>
              <div className="small text-body-secondary">
                {formatDate(r.createdAt)}
                {r.equipment && ` · ${r.equipment.name}`}
              </div>
              <div>{r.problem}</div>
              {r.order && <div className="small">Ordem de serviço nº {r.order.number}</div>}
              {r.estimate && <div className="small">Orçamento nº {r.estimate.number}</div>}
              {r.pictures.length > 0 && (
                <div className="d-flex gap-1 mt-1">
                  {r.pictures.map((p) => (
                    <img key={p.id} src={p.thumbnail} alt={p.name} width={56} className="rounded border" />
                  ))}
                </div>
              )}
            </Card.Body>
          </Card>
        )}
      </ListSection>
    </>
  );
}
