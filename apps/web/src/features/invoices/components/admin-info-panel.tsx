import { Form, Spinner, Button } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { toast } from 'react-toastify';
import { formatMoney, InvoiceState, invoiceMessages, messages, type InvoiceDetail } from '@ordem-certa/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { useSaveInfo } from '../api/save-info.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { lazySchema } from '../../../lib/schema-source.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from '../api/invoice-keys.ts';
import { changedOnly } from '../../../lib/version-conflict.ts';
import { useVersionedSave, type ConflictField } from '../../../components/version-conflict.tsx';

const infoSchema = lazySchema('invoiceInfoBody');

/** The payroll fields (50% collaborator, bonus) are locked on Draft, Canceled and Completed. */
export const payrollFieldsLocked = (state: number) =>
  state === InvoiceState.Draft || state === InvoiceState.Canceled || state === InvoiceState.Completed;

const yesNo = (v: unknown) => (v ? 'Sim' : 'Não');
const infoConflictFields: ConflictField[] = [
  { name: 'invoiceInfo1', label: 'Pedido de compra' },
  { name: 'invoiceInfo2', label: 'Nota fiscal' },
  { name: 'isPayingJustTheHalf', label: 'Colaborador 50%', format: yesNo },
  { name: 'payrollBonus', label: 'Bônus', format: (v) => formatMoney(Number(v ?? 0)) },
];

/**
 * The admin panel: purchase order, invoice number ('Nota fiscal'), 50% collaborator and bonus. The
 * purchase order and the invoice number stay editable in every state: a shop often issues the nota
 * fiscal after the work is done.
 */
export function AdminInfoPanel({ invoice }: { invoice: InvoiceDetail }) {
  const save = useSaveInfo(invoice.id);
  const locked = payrollFieldsLocked(invoice.statusState);
  const queryClient = useQueryClient();
  const orgPath = useOrgPath();
  const loaded = {
    invoiceInfo1: invoice.invoiceInfo1 ?? '',
    invoiceInfo2: invoice.invoiceInfo2 ?? '',
    isPayingJustTheHalf: invoice.isPayingJustTheHalf ?? false,
    payrollBonus: invoice.payrollBonus ?? 0,
  };
  const { control, register, handleSubmit, setError, formState, reset } = useContractForm(infoSchema, {
    mode: 'onBlur',
    values: loaded,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting, dirtyFields } = formState;
  const versioned = useVersionedSave({
    fields: infoConflictFields,
    write: (body) => save.mutateAsync(body),
    onSaved: () => toast.success(invoiceMessages.infoSaved),
    onReload: () => {
      reset();
      void refreshInvoice(queryClient, orgPath, invoice.id);
    },
    onError: (err) => applyServerErrors(err, setError, messages.requestFailed),
  });

  // Only the fields changed here are sent, at the version they were loaded with.
  const onSubmit = handleSubmit(async (body) => {
    try {
      await versioned.save(changedOnly(body, dirtyFields), loaded, invoice.version);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  return (
    <SectionCard title="Informações adicionais">
      <Form noValidate onSubmit={onSubmit} aria-label="Informações adicionais">
        <Form.Group className="mb-3" controlId="info-1">
          <Form.Label>Pedido de compra</Form.Label>
          <Form.Control isInvalid={!!errors.invoiceInfo1} autoComplete="off" {...register('invoiceInfo1')} />
          <Form.Control.Feedback type="invalid">{errors.invoiceInfo1?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="info-2">
          <Form.Label>Nota fiscal</Form.Label>
          <Form.Control isInvalid={!!errors.invoiceInfo2} autoComplete="off" {...register('invoiceInfo2')} />
          <Form.Control.Feedback type="invalid">{errors.invoiceInfo2?.message}</Form.Control.Feedback>
        </Form.Group>
        <fieldset disabled={locked}>
          <Form.Check
            type="switch"
            id="info-half"
            className="mb-3"
            label="Colaborador 50%"
            isInvalid={!!errors.isPayingJustTheHalf}
            {...register('isPayingJustTheHalf')}
          />
          <Form.Group className="mb-2">
            <Form.Label htmlFor="info-bonus">Bônus</Form.Label>
            <Controller
              control={control}
              name="payrollBonus"
              render={({ field }) => (
                <MoneyInput
                  id="info-bonus"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.payrollBonus?.message}
                  disabled={locked}
                />
              )}
            />
          </Form.Group>
        </fieldset>
        {locked && (
          <Form.Text className="d-block">
            50% e bônus não podem ser alterados em ordens de serviço em rascunho, canceladas ou concluídas.
          </Form.Text>
        )}
        {errors.root && <div className="text-danger mt-2">{errors.root.message}</div>}
        <Button type="submit" className="mt-3" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
          Salvar
        </Button>
      </Form>
      {versioned.screen}
    </SectionCard>
  );
}
