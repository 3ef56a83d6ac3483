import { useId } from 'react';
import { expenseMessages as msg, payExpenseBody, type Expense } from '@ordem-certa/contracts';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { todayIso } from '../../../lib/time-zone.ts';
import { usePayExpense } from '../api/pay-expense.ts';

/** 'Marcar como paga': the day it was paid, today (the organization's) unless changed. */
export function PayExpenseModal({ expense, onHide }: { expense: Expense | null; onHide(): void }) {
  const uid = useId();
  const pay = usePayExpense();
  const send = async ({ paidAt }: { paidAt: string }) => {
    if (expense) await pay.mutateAsync({ id: expense.id, paidAt });
  };
  const form = useActionForm(payExpenseBody, { paidAt: todayIso() }, { show: !!expense, onHide, send, done: msg.paid });
  return (
    <ActionModal {...form.modal} title="Marcar como paga" formId={`${uid}-form`} label="Confirmar">
      {expense && (
        <p>
          {expense.description} — <strong>{formatMoney(expense.amount)}</strong>
        </p>
      )}
      <DateField form={form} name="paidAt" label="Pago em" id={`${uid}-paid`} />
    </ActionModal>
  );
}
