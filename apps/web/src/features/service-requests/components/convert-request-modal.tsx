import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  convertServiceRequestBody,
  type ConvertServiceRequestBody,
  type ConvertServiceRequestInput,
  type ServiceRequest,
} from '@ordem-certa/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { useConvertRequest } from '../api/service-requests.ts';
import { useRecordParties, searchCustomers } from '../api/record-parties.ts';

/**
 * 'Criar ordem' / 'Criar orçamento' of a request: the company and nature of the new record (and, for a
 * request from the public form, its customer); the new Draft opens next.
 */
export function ConvertRequestModal({
  request,
  kind,
  onHide,
}: {
  request: ServiceRequest | null;
  kind: 'order' | 'estimate';
  onHide(): void;
}) {
  const orgPath = useOrgPath();
  const navigate = useNavigate();
  const parties = useRecordParties();
  const convert = useConvertRequest(request?.id ?? 0);
  const [customer, setCustomer] = useState<Option | null>(null);
  const first = (list?: Array<{ id: number }>) => (list?.length === 1 ? list[0]!.id : (null as unknown as number));
  const values: ConvertServiceRequestInput = {
    company: first(parties.data?.companies),
    transactionNature: first(parties.data?.natures),
    customer: null,
  };
  const form = useActionForm(convertServiceRequestBody, values, {
    show: !!request,
    onHide: () => {
      setCustomer(null);
      onHide();
    },
    send: (body: ConvertServiceRequestBody) => convert.mutateAsync({ kind, body }),
    done: (made) =>
      kind === 'order' ? `Ordem de serviço nº ${made.number} criada` : `Orçamento nº ${made.number} criado`,
    afterwards: (made) => navigate(kind === 'order' ? `/invoices/${made.id}/edit` : `/estimates/${made.id}/edit`),
  });
  const { errors } = form.formState;
  const numeric = { setValueAs: (v: string) => (v ? Number(v) : null) };
  return (
    <ActionModal
      {...form.modal}
      title={kind === 'order' ? 'Criar ordem de serviço' : 'Criar orçamento'}
      formId="convert-request-form"
      label={kind === 'order' ? 'Criar ordem' : 'Criar orçamento'}
    >
      {request && (
        <p>
          Pedido nº {request.number} de {request.customer?.name ?? request.contactName}: {request.problem}
        </p>
      )}
      <Form.Group className="mb-3" controlId="convert-company">
        <Form.Label>Empresa</Form.Label>
        <Form.Select isInvalid={!!errors.company} {...form.register('company', numeric)}>
          <option value="">Selecione</option>
          {parties.data?.companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.company?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="convert-nature">
        <Form.Label>Natureza da operação</Form.Label>
        <Form.Select isInvalid={!!errors.transactionNature} {...form.register('transactionNature', numeric)}>
          <option value="">Selecione</option>
          {parties.data?.natures.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.transactionNature?.message}</Form.Control.Feedback>
      </Form.Group>
      {request && !request.customer && (
        <Form.Group className="mb-3" controlId="convert-customer">
          <Form.Label>Cliente</Form.Label>
          <Controller
            control={form.control}
            name="customer"
            render={({ field }) => (
              <SearchableSelect
                id="convert-customer"
                inline
                queryKey={['customers', 'service-request']}
                loadOptions={async (q) =>
                  (await searchCustomers(orgPath, q)).data.map((c) => ({ value: c.id, label: c.name }))
                }
                value={customer}
                placeholder="Nome do cliente (cadastre-o antes, se for novo)"
                isInvalid={!!errors.customer}
                onBlur={field.onBlur}
                onChange={(o) => {
                  setCustomer(o);
                  field.onChange(o?.value ?? null);
                }}
              />
            )}
          />
          {errors.customer && <div className="invalid-feedback d-block">{errors.customer.message}</div>}
        </Form.Group>
      )}
    </ActionModal>
  );
}
