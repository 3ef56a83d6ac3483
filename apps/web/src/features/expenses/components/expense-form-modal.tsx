import { useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  can,
  EXPENSE_ATTACHMENT_MAX_BYTES,
  expenseBody,
  expenseMessages as msg,
  messages,
  type Expense,
  type ExpenseValues,
} from '@ordem-certa/contracts';
import { AppModal } from '../../../components/app-modal.tsx';
import { useViewer } from '../../../lib/auth.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { MoneyField } from '../../../components/register-form.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useDeleteExpenseAttachment } from '../api/delete-expense-attachment.ts';
import { useDownloadExpenseAttachment } from '../api/download-expense-attachment.ts';
import { useExpenseCategories } from '../api/get-expense-categories.ts';
import { useSaveExpense } from '../api/save-expense.ts';

const ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';

const valuesOf = (e: Expense | null): ExpenseValues =>
  e
    ? { description: e.description, category: e.category, amount: e.amount, dueDate: e.dueDate, paidAt: e.paidAt }
    : // A new expense starts empty: the amount is asked for, not 0.
      { description: '', category: '', amount: null as unknown as number, dueDate: '', paidAt: null };

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;

/**
 * 'Nova despesa' / 'Editar despesa': description, category (suggested from the organization's own),
 * amount, due date, the payment date once paid, and one attachment (PDF or image) sent right after the
 * expense is saved. A file the server refuses leaves the expense saved and the dialog open on it.
 * Its state starts from `expense` when it mounts: the page gives each opening a new key.
 */
export function ExpenseFormModal({
  expense,
  show,
  onHide,
}: {
  /** null: a new expense. */
  expense: Expense | null;
  show: boolean;
  onHide(): void;
}) {
  const uid = useId();
  const manages = can(useViewer(), 'expense.manage');
  const [current, setCurrent] = useState<Expense | null>(expense);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const save = useSaveExpense();
  const download = useDownloadExpenseAttachment();
  const removeAttachment = useDeleteExpenseAttachment();
  const form = useContractForm(expenseBody, { mode: 'onBlur', defaultValues: valuesOf(expense) });
  const { control, register, handleSubmit, setError } = form;
  const { errors, isSubmitting } = form.formState;
  const category = useWatch({ control, name: 'category' }) ?? '';
  const categories = useExpenseCategories(category);

  const onFile = (chosen: File | null) => {
    setFileError(chosen && chosen.size > EXPENSE_ATTACHMENT_MAX_BYTES ? msg.attachmentTooLarge : null);
    setFile(chosen);
  };

  const onSubmit = handleSubmit(async (body) => {
    if (fileError) return;
    try {
      await save.mutateAsync({ id: current?.id, body, file });
      toast.success(current ? msg.updated : msg.created);
      onHide();
    } catch (err) {
      const saved = (err as { saved?: Expense }).saved;
      if (saved) {
        // The expense is saved; only its file was refused: stay on it, with the file's message.
        setCurrent(saved);
        const text = err instanceof ApiError ? (err.fieldErrors?.file?.join('. ') ?? err.message) : null;
        setFileError(text ?? messages.requestFailed);
        return;
      }
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const formId = `${uid}-form`;
  return (
    <AppModal
      show={show}
      onHide={onHide}
      title={!manages ? 'Despesa' : current ? 'Editar despesa' : 'Nova despesa'}
      footer={
        manages ? (
          <ModalFormFooter formId={formId} onCancel={onHide} isSubmitting={isSubmitting} label="Salvar" />
        ) : (
          <Button variant="outline-secondary" onClick={onHide}>
            Fechar
          </Button>
        )
      }
    >
      <Form id={formId} noValidate onSubmit={onSubmit}>
        {/* Who only reads expenses (an accountant) sees them, and downloads the attachment, unchanged. */}
        <fieldset disabled={!manages}>
          <Form.Group className="mb-3" controlId={`${uid}-description`}>
            <Form.Label>Descrição</Form.Label>
            <Form.Control {...register('description')} isInvalid={!!errors.description} maxLength={200} />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${uid}-category`}>
            <Form.Label>Categoria</Form.Label>
            <Form.Control
              {...register('category')}
              isInvalid={!!errors.category}
              list={`${uid}-categories`}
              autoComplete="off"
              maxLength={60}
              placeholder="Aluguel, energia, peças…"
            />
            <datalist id={`${uid}-categories`}>
              {categories.data?.data.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <Form.Control.Feedback type="invalid">{errors.category?.message}</Form.Control.Feedback>
          </Form.Group>
          <div className="row g-3 mb-3">
            <MoneyField
              control={control}
              name="amount"
              id={`${uid}-amount`}
              label="Valor"
              error={errors.amount?.message}
              className="col-12 col-sm-6"
            />
            <DateField form={form} name="dueDate" label="Vencimento" id={`${uid}-due`} className="col-12 col-sm-6" />
          </div>
          <DateField form={form} name="paidAt" label="Pago em" id={`${uid}-paid`} className="mb-3">
            <Form.Text>Em branco enquanto não for paga.</Form.Text>
          </DateField>
        </fieldset>
        <Form.Group controlId={`${uid}-file`}>
          <Form.Label>Anexo (boleto, nota ou recibo)</Form.Label>
          {current?.attachment && !file && (
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <Button
                variant="link"
                className="p-0 text-break text-start"
                onClick={() => download.mutate({ id: current.id, name: current.attachment!.name })}
              >
                {current.attachment.name}
              </Button>
              <span className="small text-body-secondary">{kb(current.attachment.size)}</span>
              {manages && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={removeAttachment.isPending}
                  onClick={async () => {
                    await removeAttachment.mutateAsync(current.id);
                    setCurrent({ ...current, attachment: null });
                    toast.success(msg.attachmentRemoved);
                  }}
                >
                  Remover anexo
                </Button>
              )}
            </div>
          )}
          {manages ? (
            <>
              <Form.Control
                type="file"
                accept={ACCEPT}
                isInvalid={!!fileError}
                onChange={(e) => onFile((e.target as HTMLInputElement).files?.[0] ?? null)}
              />
              <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
              <Form.Text>
                PDF, PNG ou JPEG de até 10 MB{current?.attachment ? '; um novo arquivo substitui o atual' : ''}.
              </Form.Text>
            </>
          ) : (
            !current?.attachment && <p className="text-body-secondary mb-0">Sem anexo.</p>
          )}
        </Form.Group>
      </Form>
    </AppModal>
  );
}
