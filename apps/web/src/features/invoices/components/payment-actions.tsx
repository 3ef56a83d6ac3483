import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  InvoiceState,
  invoiceMessages,
  signatureWarning,
  type InvoiceDetail,
  type PayBody,
} from '@ordem-certa/contracts';
import { lazySchema } from '../../../lib/schema-source.ts';
import { todayIso } from '../../../lib/time-zone.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { usePayInvoice } from '../api/pay-invoice.ts';
import { usePayments } from '../api/get-payments.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useUndoPayment } from '../api/undo-payment.ts';
import { PaymentMethodSelect } from '../../../components/payments/payment-method-select.tsx';
import { toastRemoveFailed } from './notify.ts';
import { DateField } from '../../../components/date-field.tsx';

const paySchema = lazySchema('payBody');

/** 'Pagar' is for unpaid orders that are neither Draft nor Canceled. */
export const canPay = (invoice: InvoiceDetail) =>
  !invoice.isPaid && invoice.statusState !== InvoiceState.Draft && invoice.statusState !== InvoiceState.Canceled;

/**
 * 'Pagar' → 'Deseja continuar?' → the payment-date modal, which records one payment of what is still
 * due; 'Desfazer pagamento' with confirmation (admin) removes the latest payment(s), so the order is
 * awaiting payment again. Several payments and instalments are handled in the 'Pagamentos' card.
 */
export function PaymentActions({ invoice }: { invoice: InvoiceDetail }) {
  const confirm = useConfirm();
  const undo = useUndoPayment(invoice.id);
  const [paying, setPaying] = useState(false);

  if (invoice.isPaid) {
    return (
      <ActionButton
        variant="outline-secondary"
        action={async () => {
          const ok = await confirm({
            title: 'Desfazer pagamento?',
            text: invoiceMessages.confirmUndoPayment,
            confirmLabel: 'Desfazer pagamento',
          });
          if (!ok) return;
          try {
            await undo.mutateAsync();
            toast.success('Pagamento desfeito');
          } catch (err) {
            toastRemoveFailed(err, invoiceMessages.undoPaymentFailed);
          }
        }}
      >
        Desfazer pagamento
      </ActionButton>
    );
  }
  if (!canPay(invoice)) return null;
  return (
    <>
      <Button
        variant="success"
        onClick={async () => {
          // Charging an order the customer has not (validly) signed is allowed, after a warning.
          const warning = signatureWarning(invoice);
          const ok = await confirm({
            title: 'Pagar',
            text: warning ? `${warning} ${invoiceMessages.payConfirm}` : invoiceMessages.payConfirm,
            confirmLabel: 'Continuar',
            variant: 'primary',
          });
          if (ok) setPaying(true);
        }}
      >
        Pagar
      </Button>
      <PayModal invoiceId={invoice.id} show={paying} onHide={() => setPaying(false)} />
    </>
  );
}

function PayModal({ invoiceId, show, onHide }: { invoiceId: number; show: boolean; onHide(): void }) {
  const pay = usePayInvoice(invoiceId);
  // What 'Pagar' records: the balance after any deposit (the payments card has it already).
  const balance = usePayments(invoiceId).data?.balance;
  // The payment date's default: today in the organization's time zone.
  const values = { date: todayIso(), description: '', method: null };
  const send = (body: PayBody) => pay.mutateAsync(body);
  const form = useActionForm(paySchema, values, { show, onHide, send, done: invoiceMessages.paid });
  const { errors } = form.formState;
  const { register } = form;
  return (
    <ActionModal
      {...form.modal}
      title={invoiceMessages.payModalTitle}
      formId="pay-form"
      label="Pagar"
      variant="success"
    >
      {balance !== undefined && (
        <p data-testid="pay-amount">
          Valor a registrar: <strong>{formatMoney(balance)}</strong>
        </p>
      )}
      <DateField form={form} name="date" label="Data do pagamento" id="pay-date" className="mb-3" />
      <Form.Group className="mb-3" controlId="pay-method">
        <Form.Label>Forma de pagamento</Form.Label>
        <PaymentMethodSelect
          allowEmpty
          {...register('method', { setValueAs: (v: string | null) => v || null })}
          error={errors.method?.message}
        />
      </Form.Group>
      <Form.Group controlId="pay-description">
        <Form.Label>Descrição</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          placeholder="Forma de pagamento, observações..."
          isInvalid={!!errors.description}
          {...register('description')}
        />
        <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
      </Form.Group>
    </ActionModal>
  );
}
