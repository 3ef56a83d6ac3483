import { useCallback, useEffect, useEffectEvent, useId, useState, type FormEventHandler, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { applyServerErrors } from '../lib/form-errors.ts';
import { AppModal } from './app-modal.tsx';
import { LoadingBlock } from './loading-block.tsx';
import { ModalFormFooter } from './modal-form-footer.tsx';

/**
 * Which record a form modal shows (null: a new one) and whether it is open. The record is kept
 * after closing, so the title does not flip during the closing animation.
 */
export function useFormModal() {
  const [state, setState] = useState<{ recordId: number | null; show: boolean }>({ recordId: null, show: false });
  const hide = useCallback(() => setState((m) => ({ ...m, show: false })), []);
  const open = useCallback((recordId: number | null) => setState({ recordId, show: true }), []);
  return { ...state, open, hide };
}

interface ModalFormOptions<I extends FieldValues, O, R> {
  schema: z.ZodType<O, I>;
  /** The values of a new record. */
  empty: DefaultValues<I>;
  /** null: a new record; a number: the record `query` loads. */
  recordId: number | null;
  query: { data?: R; isPending: boolean; isFetching: boolean };
  /** The loaded record as the form's values. */
  toValues(record: R): I;
  show: boolean;
  onHide(): void;
  save(body: O): Promise<unknown>;
  /** The toast once saved; the modal then closes. */
  savedMessage: string;
}

/**
 * The form of a modal that adds or edits one record: checked on blur, and a field once left checks
 * again as it is edited, so a message does not vanish under the pointer on the way to 'Salvar',
 * moving the button, and swallow the click. Opening for a new record gives the empty values; opening
 * for one fills the form once it has loaded. What the server refuses goes under the fields.
 */
export function useModalForm<I extends FieldValues, O, R>(options: ModalFormOptions<I, O, R>) {
  const { schema, empty, recordId, query, show, onHide } = options;
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const form = useForm<I, unknown, O>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: empty });
  const { reset, setError } = form;

  const fill = useEffectEvent((editing: number | null, record: R | undefined) => {
    if (editing === null) reset(empty);
    else if (record) reset(options.toValues(record));
  });
  useEffect(() => {
    if (show) fill(recordId, query.data);
  }, [show, recordId, query.data]);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await options.save(body);
      toast.success(options.savedMessage);
      onHide();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const loading = recordId !== null && (query.isPending || query.isFetching);
  const modal = {
    show,
    onHide,
    formId: id('form'),
    onSubmit,
    loading,
    isSubmitting: form.formState.isSubmitting,
    rootError: form.formState.errors.root?.message,
  };
  return { ...form, id, loading, modal };
}

interface ModalFormProps {
  title: string;
  show: boolean;
  onHide(): void;
  /** No close by a click outside or Esc. */
  isStatic?: boolean;
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  /** The record to edit is still loading: its spinner, named by `loadingLabel`, and 'Salvar' off. */
  loading: boolean;
  loadingLabel: string;
  /** Said instead of the form when the record could not be loaded. */
  loadError?: string;
  rootError: string | undefined;
  /** The fields. */
  children: ReactNode;
}

/** A large modal holding one form: the fields, the form's own message under them, 'Cancelar' and 'Salvar'. */
export function ModalForm(props: ModalFormProps) {
  const { formId, loading } = props;
  return (
    <AppModal
      show={props.show}
      onHide={props.onHide}
      isStatic={props.isStatic}
      size="lg"
      title={props.title}
      footer={
        <ModalFormFooter
          formId={formId}
          onCancel={props.onHide}
          isSubmitting={props.isSubmitting}
          disabled={loading}
          label="Salvar"
        />
      }
    >
      {loading ? (
        <LoadingBlock label={props.loadingLabel} />
      ) : props.loadError ? (
        <div className="alert alert-danger mb-0">{props.loadError}</div>
      ) : (
        <Form id={formId} noValidate onSubmit={props.onSubmit}>
          {props.children}
          {props.rootError && <div className="text-danger mt-3">{props.rootError}</div>}
        </Form>
      )}
    </AppModal>
  );
}
