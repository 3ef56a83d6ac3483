import type { ReactNode } from 'react';
import { paymentMessages, type PayReceivableBody } from '@ordem-certa/contracts';
import { todayIso } from '../../lib/time-zone.ts';
import { ActionModal, useActionForm } from '../action-modal.tsx';
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
  const {
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useActionForm({
    schema: receiveSchema,
    show,
    values: { paidAt: todayIso(), note: '' },
    send: onReceive,
    done: paymentMessages.received,
    onHide,
  });
  return (
    <ActionModal
      show={show}
      onHide={onHide}
      title={title}
      formId="receive-form"
      label="Receber"
      variant="success"
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      rootError={errors.root?.message}
    >
      <p>{children}</p>
      <DateField
        control={control}
        name="paidAt"
        label="Data do recebimento"
        controlId="receive-date"
        error={errors.paidAt?.message}
      />
    </ActionModal>
  );
}
