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
  const done = paymentMessages.received;
  const form = useActionForm(receiveSchema, { paidAt: todayIso(), note: '' }, { show, onHide, send: onReceive, done });
  return (
    <ActionModal {...form.modal} title={title} formId="receive-form" label="Receber" variant="success">
      <p>{children}</p>
      <DateField form={form} name="paidAt" label="Data do recebimento" id="receive-date" />
    </ActionModal>
  );
}
