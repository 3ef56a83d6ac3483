import { useId, useRef } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  companyWhatsAppBody,
  DEFAULT_WHATSAPP_TEMPLATE,
  fillWhatsAppTemplate,
  messages,
  WHATSAPP_TEMPLATE_MAX,
  whatsappMessages,
  whatsappPlaceholders,
  type Company,
} from '@oficina/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { useUpdateCompanyWhatsApp } from '../api/update-company-whatsapp.ts';
import { insertAtCaret, PlaceholderButtons } from './placeholder-buttons.tsx';

/** What the preview fills the message with. */
const sample = (company: Company) => ({
  number: 1042,
  customer: 'Maria Souza',
  company: company.name,
  link: `${window.location.origin}/invoices/1/sign?token=…`,
});

/**
 * WhatsApp: the message a service order's signing link is sent with, its placeholders inserted at the
 * caret, and a preview. Blank goes back to the default message.
 */
export function CompanyWhatsAppTab({ company }: { company: Company }) {
  const uid = useId();
  const save = useUpdateCompanyWhatsApp(company.id);
  const areaRef = useRef<HTMLTextAreaElement | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm(companyWhatsAppBody, {
    mode: 'onTouched',
    defaultValues: { whatsappTemplate: company.whatsappTemplate ?? DEFAULT_WHATSAPP_TEMPLATE },
  });
  const field = register('whatsappTemplate');
  const text = watch('whatsappTemplate') ?? '';

  /** Puts a placeholder where the caret is. */
  const insert = (token: string) =>
    insertAtCaret(areaRef.current, getValues('whatsappTemplate') ?? '', token, (value) =>
      setValue('whatsappTemplate', value, { shouldDirty: true, shouldValidate: !!errors.whatsappTemplate }),
    );

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      reset({ whatsappTemplate: saved.whatsappTemplate ?? DEFAULT_WHATSAPP_TEMPLATE });
      toast.success(whatsappMessages.saved);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} style={{ maxWidth: 720 }}>
      <Form.Group className="mb-3" controlId={`${uid}-template`}>
        <Form.Label>Mensagem do WhatsApp</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          isInvalid={!!errors.whatsappTemplate}
          aria-describedby={`${uid}-help`}
          {...field}
          ref={(el: HTMLTextAreaElement | null) => {
            field.ref(el);
            areaRef.current = el;
          }}
        />
        <Form.Control.Feedback type="invalid">{errors.whatsappTemplate?.message}</Form.Control.Feedback>
        <PlaceholderButtons placeholders={whatsappPlaceholders} onInsert={insert}>
          <span
            className={`small ms-auto ${text.length > WHATSAPP_TEMPLATE_MAX ? 'text-danger' : 'text-body-secondary'}`}
          >
            {text.length}/{WHATSAPP_TEMPLATE_MAX}
          </span>
        </PlaceholderButtons>
        <Form.Text id={`${uid}-help`}>
          Enviada com o link de assinatura da ordem de serviço. Em branco, volta à mensagem padrão.
        </Form.Text>
      </Form.Group>
      <div className="mb-3">
        <div className="small fw-semibold mb-1">Prévia</div>
        <p className="border rounded bg-body-tertiary p-2 small mb-0" style={{ whiteSpace: 'pre-wrap' }}>
          {fillWhatsAppTemplate(text, sample(company))}
        </p>
      </div>
      {errors.root && <div className="text-danger mb-3">{errors.root.message}</div>}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
        Salvar
      </Button>
    </Form>
  );
}
