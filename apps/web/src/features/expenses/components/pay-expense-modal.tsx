import { useEffect, useId } from 'react';
import { Form } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { toast } from 'react-toastify';
import { expenseMessages as msg, messages, payExpenseBody, type Expense } from '@ordem-certa/contracts';
import { AppModal } from '../../../components/app-modal.tsx';
import { DateInput } from '../../../components/date-input.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { todayIso } from '../../../lib/time-zone.ts';
import { usePayExpense } from '../api/pay-expense.ts';

/** 'Marcar como paga': the day it was paid, today (the organization's) unless changed. */
export function PayExpenseModal({ expense, onHide }: { expense: Expense | null; onHide(): void }) {
  const uid = useId();
  const pay = usePayExpense();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useContractForm(payExpenseBody, { mode: 'onBlur', defaultValues: { paidAt: todayIso() } });
  useEffect(() => {
    if (expense) reset({ paidAt: todayIso() });
  }, [expense, reset]);

  const onSubmit = handleSubmit(async ({ paidAt }) => {
    if (!expense) return;
    try {
      await pay.mutateAsync({ id: expense.id, paidAt });
      toast.success(msg.paid);
      onHide();
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const formId = `${uid}-form`;
  return (
    <AppModal
      show={!!expense}
      onHide={onHide}
      title="Marcar como paga"
      footer={<ModalFormFooter formId={formId} onCancel={onHide} isSubmitting={isSubmitting} label="Confirmar" />}
    >
      <Form id={formId} noValidate onSubmit={onSubmit}>
        {expense && (
          <p>
            {expense.description} — <strong>{formatMoney(expense.amount)}</strong>
          </p>
        )}
        <Form.Group>
          <Form.Label htmlFor={`${uid}-paid`}>Pago em</Form.Label>
          <Controller
            control={control}
            name="paidAt"
            render={({ field }) => (
              <DateInput
                id={`${uid}-paid`}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.paidAt?.message}
              />
            )}
          />
        </Form.Group>
      </Form>
    </AppModal>
  );
}
