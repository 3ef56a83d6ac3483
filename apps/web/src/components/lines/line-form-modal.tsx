import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import { messages } from '@ordem-certa/contracts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import type { SchemaSource } from '../../lib/schema-source.ts';
import { AppModal } from '../app-modal.tsx';
import { ModalFormFooter } from '../modal-form-footer.tsx';
import type { LineFormValues } from './line-fields.tsx';
import { lineResolver } from './line-resolver.ts';

/** A line's form, checked by the kind's body schema when a field is left; it submits what the schema gives. */
export const useLineForm = <B,>(schema: SchemaSource<B>, defaultValues: LineFormValues) =>
  useForm<LineFormValues, unknown, B>({ resolver: lineResolver(schema), mode: 'onBlur', defaultValues });

interface LineFormModalProps<B> {
  form: UseFormReturn<LineFormValues, unknown, B>;
  /** Makes the form's id, which the footer's button submits. */
  uid: string;
  title: string;
  show: boolean;
  onHide(): void;
  onExited?(): void;
  /** The submit button's word ('Adicionar', 'Salvar'). */
  label: string;
  /** Sends the checked body; then `saved` is toasted and the modal closes. */
  save(body: B): Promise<unknown>;
  saved: string;
  children: ReactNode;
}

/**
 * The modal a line is added or edited in: its fields, 'Cancelar' and the button (busy while it
 * saves). A refusal stays open with the server's messages under the fields, one about no field under
 * the form.
 */
export function LineFormModal<B>(props: LineFormModalProps<B>) {
  const { form, uid, title, show, onHide, onExited, label, save, saved, children } = props;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save(body);
      toast.success(saved);
      onHide();
    } catch (err) {
      applyServerErrors(err, form.setError, messages.requestFailed);
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <AppModal
      show={show}
      onHide={onHide}
      onExited={onExited}
      title={title}
      footer={<ModalFormFooter formId={`${uid}-form`} onCancel={onHide} isSubmitting={isSubmitting} label={label} />}
    >
      <Form id={`${uid}-form`} noValidate onSubmit={onSubmit}>
        {children}
        {errors.root && <div className="text-danger">{errors.root.message}</div>}
      </Form>
    </AppModal>
  );
}
