import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { toast } from 'react-toastify';
import { formatAddress, invoiceMessages, messages, type Address, type InvoiceDetail } from '@ordem-certa/contracts';
import { AppModal } from '../../../components/app-modal.tsx';
import { DateTimeInput } from '../../../components/date-input.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fromWallTime, toWallTime } from '../../../lib/time-zone.ts';
import { useCustomerAddresses } from '../api/get-customer-addresses.ts';
import { useSaveVisit } from '../api/save-visit.ts';
import { refreshInvoice } from '../api/invoice-keys.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { mapHref, telHref } from '../../../lib/contact-links.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { lazySchema } from '../../../lib/schema-source.ts';
import { changedOnly } from '../../../lib/version-conflict.ts';
import { useVersionedSave, type ConflictField } from '../../../components/version-conflict.tsx';

const visitSchema = lazySchema('invoiceVisitBody');

/**
 * Where to go, whom to call, what is wrong and when: what a technician needs before leaving, shown to
 * everyone on the order (a collaborator does not reach the customer screens). Who schedules visits edits
 * the reported problem, the scheduled time and which of the customer's addresses the job is at.
 */
export function VisitCard({
  invoice,
  editable,
  showCustomer = false,
}: {
  invoice: InvoiceDetail;
  /** 'Alterar' for who schedules visits. */
  editable: boolean;
  /** The customer's name on top, where the order's data card is folded away (a technician's screen). */
  showCustomer?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const address = formatAddress(invoice.address);
  const none = <span className="text-body-secondary">Não informado</span>;
  return (
    <SectionCard
      title="Atendimento"
      action={
        editable && (
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
            Alterar
          </Button>
        )
      }
    >
      <dl className="summary-list visit-list mb-0" data-testid="visit">
        {showCustomer && (
          <div>
            <dt>Cliente</dt>
            <dd>{invoice.customerName}</dd>
          </div>
        )}
        <div>
          <dt>Telefone</dt>
          <dd>
            {invoice.customerPhone ? (
              <a href={telHref(invoice.customerPhone, invoice.customerPhoneE164)}>{invoice.customerPhone}</a>
            ) : (
              none
            )}
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd className="text-break">
            {invoice.customerEmail ? <a href={`mailto:${invoice.customerEmail}`}>{invoice.customerEmail}</a> : none}
          </dd>
        </div>
        <div>
          <dt>Endereço</dt>
          <dd>
            {address ? (
              <>
                {address}
                <div>
                  <a href={mapHref(address)} target="_blank" rel="noopener noreferrer">
                    Abrir no mapa
                  </a>
                </div>
              </>
            ) : (
              none
            )}
          </dd>
        </div>
        <div>
          <dt>Agendada para</dt>
          <dd>{invoice.scheduledAt ? formatDateTime(invoice.scheduledAt) : none}</dd>
        </div>
        <div>
          <dt>Problema relatado</dt>
          <dd className="text-pre-line">{invoice.reportedProblem || none}</dd>
        </div>
      </dl>
      {editable && editing && <VisitForm invoice={invoice} onDone={() => setEditing(false)} />}
    </SectionCard>
  );
}

/** How the conflict screen names the visit's fields and reads their values. */
const visitConflictFields = (addresses: Address[], invoice: InvoiceDetail): ConflictField[] => [
  { name: 'reportedProblem', label: 'Problema relatado' },
  {
    name: 'scheduledAt',
    label: 'Agendada para',
    format: (v) => (typeof v === 'string' && v ? formatDateTime(v) : 'Sem agendamento'),
  },
  {
    name: 'address',
    label: 'Endereço do atendimento',
    format: (v) => {
      const found = addresses.find((a) => a.id === v) ?? (invoice.address?.id === v ? invoice.address : undefined);
      return found ? formatAddress(found) : v ? `Endereço nº ${String(v)}` : 'Sem endereço';
    },
  },
];

const isInstant = (v: string | null | undefined): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(v);

function VisitForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone(): void }) {
  const save = useSaveVisit(invoice.id);
  const queryClient = useQueryClient();
  const orgPath = useOrgPath();
  const addresses = useCustomerAddresses(invoice.customerId, true);
  // What the dialog opened with, and its version: the baseline of this edit, even if the order is read
  // again behind the dialog meanwhile.
  const [{ loaded, version }] = useState(() => ({
    loaded: {
      reportedProblem: invoice.reportedProblem ?? '',
      scheduledAt: invoice.scheduledAt,
      address: invoice.address?.id ?? null,
    },
    version: invoice.version,
  }));
  const { control, register, handleSubmit, setError, formState } = useContractForm(visitSchema, {
    defaultValues: loaded,
  });
  const { errors, isSubmitting, dirtyFields } = formState;
  const versioned = useVersionedSave({
    fields: visitConflictFields(addresses.data?.data ?? [], invoice),
    write: (body) => save.mutateAsync(body),
    onSaved: () => {
      toast.success(invoiceMessages.visitSaved);
      onDone();
    },
    onReload: () => {
      void refreshInvoice(queryClient, orgPath, invoice.id);
      onDone();
    },
    onError: (err) => applyServerErrors(err, setError, messages.requestFailed),
  });
  // Only what the user changed is sent: a field left alone keeps what someone else saved meanwhile.
  const onSubmit = handleSubmit(async (body) => {
    try {
      await versioned.save(changedOnly(body, dirtyFields), loaded, version);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  if (versioned.screen) return versioned.screen;
  return (
    <AppModal
      show
      onHide={onDone}
      title="Alterar atendimento"
      footer={<ModalFormFooter formId="visit-form" onCancel={onDone} isSubmitting={isSubmitting} label="Salvar" />}
    >
      <Form id="visit-form" noValidate onSubmit={onSubmit} aria-label="Atendimento">
        <Form.Group className="mb-3" controlId="visit-problem">
          <Form.Label>Problema relatado</Form.Label>
          <Form.Control as="textarea" rows={4} isInvalid={!!errors.reportedProblem} {...register('reportedProblem')} />
          <Form.Control.Feedback type="invalid">{errors.reportedProblem?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="visit-scheduled">
          <Form.Label>Agendada para</Form.Label>
          <Controller
            control={control}
            name="scheduledAt"
            render={({ field }) => (
              // A half-typed date stays in the form as typed, which the contract refuses with its message.
              <DateTimeInput
                value={isInstant(field.value) ? toWallTime(field.value) : (field.value ?? '')}
                onChange={(wall) => field.onChange(wall === '' ? null : (fromWallTime(wall) ?? wall))}
                onBlur={field.onBlur}
                error={errors.scheduledAt?.message}
              />
            )}
          />
        </Form.Group>
        <Form.Group controlId="visit-address">
          <Form.Label>Endereço do atendimento</Form.Label>
          <Controller
            control={control}
            name="address"
            render={({ field }) => (
              <Form.Select
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value ? Number(e.target.value) : null)}
                onBlur={field.onBlur}
                isInvalid={!!errors.address}
                disabled={addresses.isPending}
              >
                <option value="">Sem endereço</option>
                {addresses.data?.data.map((a) => (
                  <option key={a.id} value={a.id}>
                    {formatAddress(a)}
                  </option>
                ))}
              </Form.Select>
            )}
          />
          <Form.Control.Feedback type="invalid">{errors.address?.message}</Form.Control.Feedback>
          {addresses.data && addresses.data.data.length === 0 && (
            <Form.Text>O cliente não tem endereços cadastrados.</Form.Text>
          )}
        </Form.Group>
        {errors.root && <div className="text-danger mt-2">{errors.root.message}</div>}
      </Form>
    </AppModal>
  );
}
