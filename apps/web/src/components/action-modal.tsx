import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import { Form, type ButtonProps } from 'react-bootstrap';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { toast } from 'react-toastify';
import { messages } from '@ordem-certa/contracts';
import { applyServerErrors } from '../lib/form-errors.ts';
import type { SchemaSource } from '../lib/schema-source.ts';
import { AppModal } from './app-modal.tsx';
import { ModalFormFooter } from './modal-form-footer.tsx';
import { useContractForm } from './use-contract-form.ts';

interface ActionFormOptions<O, R> {
  show: boolean;
  onHide(): void;
  send(body: O): Promise<R>;
  /** The toast once sent, from what the server answered. */
  done: string | ((result: R) => string);
  /** After the modal has closed (say, to open what was made). */
  afterwards?(result: R): void;
  /** The toast of a failure that names no field. */
  failed?: string;
}

/**
 * The form of a modal that does one thing (pay, receive, generate): checked on blur, reset to
 * `values` each time it opens (plain values: text, numbers, null, compared by what they hold); once
 * sent, a toast and the modal closes; what the server refuses goes under the fields, anything else is
 * a toast. `modal` is what its ActionModal needs.
 */
export function useActionForm<I extends FieldValues, O, R>(
  schema: SchemaSource<O, I>,
  values: DefaultValues<I>,
  options: ActionFormOptions<O, R>,
) {
  const { show, onHide } = options;
  const form = useContractForm(schema, { mode: 'onBlur', defaultValues: values });
  const { reset, setError } = form;
  const opened = JSON.stringify(values);
  useEffect(() => {
    if (show) reset(JSON.parse(opened) as DefaultValues<I>);
  }, [show, opened, reset]);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const result = await options.send(body);
      toast.success(typeof options.done === 'string' ? options.done : options.done(result));
      onHide();
      options.afterwards?.(result);
    } catch (err) {
      applyServerErrors(err, setError, options.failed ?? messages.requestFailed);
    }
  });
  const { isSubmitting, errors } = form.formState;
  return { ...form, modal: { show, onHide, onSubmit, isSubmitting, rootError: errors.root?.message } };
}

interface ActionModalProps {
  show: boolean;
  onHide(): void;
  title: string;
  formId: string;
  /** The submit button's words and colour. */
  label: string;
  variant?: ButtonProps['variant'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  /** The form's own message (one naming no field), under the fields. */
  rootError?: string;
  children: ReactNode;
}

/** A modal holding one short form: the fields, 'Cancelar' and the button that sends it. */
export function ActionModal(props: ActionModalProps) {
  return (
    <AppModal
      show={props.show}
      onHide={props.onHide}
      title={props.title}
      footer={
        <ModalFormFooter
          formId={props.formId}
          onCancel={props.onHide}
          isSubmitting={props.isSubmitting}
          label={props.label}
          variant={props.variant}
        />
      }
    >
      <Form id={props.formId} noValidate onSubmit={props.onSubmit}>
        {props.children}
        {props.rootError && <div className="text-danger mt-3">{props.rootError}</div>}
      </Form>
    </AppModal>
  );
}
