import { useId, useRef } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import {
  companyEmailBody,
  companyMessages,
  emailPlaceholders,
  type Company,
  type CompanyEmailBody,
  type CompanyEmailInput,
} from '@ordem-certa/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { ControlledField } from '../../../components/controlled-field.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { useUpdateCompanyEmail } from '../api/update-company-email.ts';
import { CompanyImageBlock } from './company-image-block.tsx';
import { insertAtCaret, PlaceholderButtons } from './placeholder-buttons.tsx';

/** E-mail: the template used when an estimate is e-mailed (subject with placeholders, message, signature). */
export function CompanyEmailTab({ company }: { company: Company }) {
  const uid = useId();
  const save = useUpdateCompanyEmail(company.id);
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyEmailInput, unknown, CompanyEmailBody>({
    resolver: zodResolver(companyEmailBody),
    // Validated on blur; a field once left re-checks as it is edited, so a message
    // does not vanish under the pointer on the way to 'Salvar', moving the button, and swallow the click.
    mode: 'onTouched',
    defaultValues: {
      emailSubject: company.emailSubject ?? '',
      emailBody: company.emailBody ?? '',
      emailSignature: company.emailSignature ?? '',
    },
  });
  const subject = register('emailSubject');

  /** Puts a placeholder where the caret is in the subject. */
  const insert = (token: string) =>
    insertAtCaret(subjectRef.current, getValues('emailSubject') ?? '', token, (value) =>
      setValue('emailSubject', value, { shouldDirty: true }),
    );

  const editor = (name: 'emailBody' | 'emailSignature', label: string, minHeight: number) => (
    <ControlledField
      control={control}
      name={name}
      label={label}
      error={errors[name]?.message}
      render={(field) => (
        <RichTextEditor
          label={label}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          minHeight={minHeight}
        />
      )}
    />
  );

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      reset({
        emailSubject: saved.emailSubject ?? '',
        emailBody: saved.emailBody ?? '',
        emailSignature: saved.emailSignature ?? '',
      });
      toast.success(companyMessages.emailSaved);
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Form.Group className="mb-3" controlId={`${uid}-subject`}>
        <Form.Label>Título</Form.Label>
        <Form.Control
          isInvalid={!!errors.emailSubject}
          autoComplete="off"
          {...subject}
          ref={(el: HTMLInputElement | null) => {
            subject.ref(el);
            subjectRef.current = el;
          }}
        />
        <Form.Control.Feedback type="invalid">{errors.emailSubject?.message}</Form.Control.Feedback>
        <PlaceholderButtons placeholders={emailPlaceholders} onInsert={insert} />
      </Form.Group>
      {editor('emailBody', 'Mensagem', 200)}
      <Form.Text as="p" className="d-block mt-n2 mb-3">
        Na mensagem e no título valem {emailPlaceholders.firstName.token}, {emailPlaceholders.total.token},{' '}
        {emailPlaceholders.validity.token} e {emailPlaceholders.link.token}. Sem {emailPlaceholders.link.token}, o link
        para aprovar vai depois da mensagem; em branco, o e-mail leva uma saudação, o total, a validade e o link.
      </Form.Text>
      {editor('emailSignature', 'Assinatura', 120)}
      <fieldset className="mb-4">
        <legend className="fs-6 fw-normal mb-2">Imagem da assinatura</legend>
        <CompanyImageBlock companyId={company.id} image="signature-image" />
      </fieldset>
      {errors.root && <div className="text-danger mb-3">{errors.root.message}</div>}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
        Salvar
      </Button>
    </Form>
  );
}
