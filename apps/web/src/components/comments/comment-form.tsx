import { useId } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import { messages } from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../lib/api-client.ts';
import { loadSchema, type SchemaSource } from '../../lib/schema-source.ts';
import { useFormDraft, type DraftKey } from '../../lib/use-form-draft.ts';
import { DraftNotice } from '../draft-notice.tsx';

interface CommentValues {
  comment: string;
}

/**
 * Checks the box with the kind's body schema, the comment's type added: what the schema gives is what
 * is sent, and its message (about the text first) goes under the box.
 */
function commentResolver<B>(source: SchemaSource<B>, type: number): Resolver<CommentValues, unknown, B> {
  return async (values) => {
    const schema = await loadSchema(source);
    const result = await schema.safeParseAsync({ ...values, type });
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<CommentValues> = {};
    const issues = result.error.issues;
    const issue = issues.find((i) => i.path[0] === 'comment') ?? issues[0];
    if (issue) errors.comment = { type: issue.code, message: issue.message };
    return { values: {}, errors };
  };
}

interface CommentFormProps<B extends { type: number }> {
  /** The body's schema (text and type), or its loader, checked before sending. */
  schema: SchemaSource<B>;
  /** The type every comment written here gets. */
  type: B['type'];
  /** Where what is typed is kept until it is sent (see useFormDraft). */
  draftKey: DraftKey;
  /** The box's name for screen readers. */
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** The toast once it is saved. */
  added: string;
  /** The toast when `onAdd` answers 'queued' (kept on the phone until the network is back). */
  queued?: string;
  /** The text is checked when the box is left, not only on sending. */
  checkOnBlur?: boolean;
  onAdd(body: B): Promise<unknown>;
  className?: string;
}

/** A comment box and its button: the text is checked, sent with its type, then the box empties. */
export function CommentForm<B extends { type: number }>(props: CommentFormProps<B>) {
  const { schema, type, draftKey, label, placeholder, submitLabel, added, queued, checkOnBlur, onAdd, className } =
    props;
  const id = useId();
  const form = useForm<CommentValues, unknown, B>({
    resolver: commentResolver(schema, type),
    mode: checkOnBlur ? 'onBlur' : 'onSubmit',
    defaultValues: { comment: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const draft = useFormDraft(draftKey, form);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const outcome = await onAdd(body);
      draft.clear();
      toast.success(outcome === 'queued' && queued ? queued : added);
      form.reset({ comment: '' });
    } catch (err) {
      // A refusal of the text or of its type is said under the box; anything else in a toast.
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        form.setError('comment', { type: 'server', message: Object.values(err.fieldErrors).flat().join('. ') });
      } else toastApiError(err, messages.requestFailed);
    }
  });
  return (
    <Form noValidate onSubmit={onSubmit} className={className}>
      <Form.Group controlId={id}>
        <Form.Label className="visually-hidden">{label}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          placeholder={placeholder}
          isInvalid={!!errors.comment}
          {...form.register('comment')}
        />
        <Form.Control.Feedback type="invalid">{errors.comment?.message}</Form.Control.Feedback>
      </Form.Group>
      <DraftNotice draft={draft} className="small mt-1" />
      <div className="d-flex justify-content-end mt-2">
        <Button type="submit" size="sm" className="comment-submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
