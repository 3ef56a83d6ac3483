import { useId, useRef } from 'react';
import { Button, ButtonGroup, Form, Spinner } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import {
  companyEmailBody,
  companyMessages,
  emailPlaceholders,
  type Company,
  type CompanyEmailBody,
  type CompanyEmailInput,
} from '@oficina/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { useUpdateCompanyEmail } from '../api/update-company-email.ts';
import { CompanyImageBlock } from './company-image-block.tsx';

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
  const insert = (token: string) => {
    const input = subjectRef.current;
    const current = getValues('emailSubject') ?? '';
    const start = input?.selectionStart ?? current.length;
    const end = input?.selectionEnd ?? current.length;
    setValue('emailSubject', current.slice(0, start) + token + current.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

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
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          <span className="small text-body-secondary">Inserir:</span>
          <ButtonGroup size="sm">
            {Object.values(emailPlaceholders).map((p) => (
              <Button key={p.token} variant="outline-secondary" onClick={() => insert(p.token)} title={p.token}>
                {p.label}
              </Button>
            ))}
          </ButtonGroup>
        </div>
      </Form.Group>
      <Form.Group className="mb-3">
        <Form.Label as="div">Mensagem</Form.Label>
        <Controller
          control={control}
          name="emailBody"
          render={({ field }) => (
            <RichTextEditor
              label="Mensagem"
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              minHeight={200}
            />
          )}
        />
        {errors.emailBody && <div className="text-danger small mt-1">{errors.emailBody.message}</div>}
      </Form.Group>
      <Form.Group className="mb-3">
        <Form.Label as="div">Assinatura</Form.Label>
        <Controller
          control={control}
          name="emailSignature"
          render={({ field }) => (
            <RichTextEditor
              label="Assinatura"
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              minHeight={120}
            />
          )}
        />
        {errors.emailSignature && <div className="text-danger small mt-1">{errors.emailSignature.message}</div>}
      </Form.Group>
      <fieldset className="mb-4">
        <legend className="fs-6 fw-normal mb-2">Imagem da assinatura</legend>
        <CompanyImageBlock
          companyId={company.id}
          image="signature-image"
          alt="Imagem da assinatura"
          missingMessage={companyMessages.signatureImageMissing}
          savedMessage={companyMessages.signatureImageSaved}
          removedMessage={companyMessages.signatureImageRemoved}
        />
      </fieldset>
      {errors.root && <div className="text-danger mb-3">{errors.root.message}</div>}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
        Salvar
      </Button>
    </Form>
  );
}
