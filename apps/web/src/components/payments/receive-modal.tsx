import { useEffect, type ReactNode } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { messages, paymentMessages, type PayReceivableBody } from '@ordem-certa/contracts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { todayIso } from '../../lib/time-zone.ts';
import { AppModal } from '../app-modal.tsx';
import { useContractForm } from '../use-contract-form.ts';
import { DateField } from '../date-field.tsx';
import { lazySchema } from '../../lib/schema-source.ts';

const receiveSchema = lazySchema('payReceivableBody');

/**
 * Receiving an instalment: the date it was received (today in the organization's zone unless changed).
 * The order's payments card and the receivables screen each pass their own mutation.
 */
export function ReceiveModal({
  show,
  title,
  children,
  onReceive,
  onHide,
}: {
  show: boolean;
  title: string;
  /** What is received (amount, method, due date). */
  children: ReactNode;
  onReceive(body: PayReceivableBody): Promise<unknown>;
  onHide(): void;
}) {
  const form = useContractForm(receiveSchema, { mode: 'onBlur' });
  const {
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (show) reset({ paidAt: todayIso(), note: '' });
  }, [show, reset]);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await onReceive(body);
      toast.success(paymentMessages.received);
      onHide();
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  return (
    <AppModal
      show={show}
      onHide={onHide}
      title={title}
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancelar
          </Button>
          <Button type="submit" form="receive-form" variant="success" disabled={isSubmitting}>
            {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
            Receber
          </Button>
        </>
      }
    >
      <Form id="receive-form" noValidate onSubmit={onSubmit}>
        <p>{children}</p>
        <DateField
          control={control}
          name="paidAt"
          label="Data do recebimento"
          controlId="receive-date"
          error={errors.paidAt?.message}
        />
        {errors.root && <div className="text-danger mt-3">{errors.root.message}</div>}
      </Form>
    </AppModal>
  );
}
