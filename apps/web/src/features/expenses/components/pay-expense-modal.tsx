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
  const {
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useActionForm({
    schema: payExpenseBody,
    show: !!expense,
    values: { paidAt: todayIso() },
    send: async ({ paidAt }) => {
      if (expense) await pay.mutateAsync({ id: expense.id, paidAt });
    },
    done: msg.paid,
    onHide,
  });

  return (
    <ActionModal
      show={!!expense}
      onHide={onHide}
      title="Marcar como paga"
      formId={`${uid}-form`}
      label="Confirmar"
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
    >
      {expense && (
        <p>
          {expense.description} — <strong>{formatMoney(expense.amount)}</strong>
        </p>
      )}
      <DateField
        control={control}
        name="paidAt"
        label="Pago em"
        controlId={`${uid}-paid`}
        error={errors.paidAt?.message}
      />
    </ActionModal>
  );
}
