import { useId, useRef } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  companyWhatsAppBody,
  DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE,
  DEFAULT_WHATSAPP_TEMPLATE,
  fillWhatsAppTemplate,
  messages,
  WHATSAPP_TEMPLATE_MAX,
  whatsappMessages,
  whatsappPlaceholders,
  type Company,
  type CompanyWhatsAppBody,
  type CompanyWhatsAppInput,
  type WhatsAppDocument,
} from '@ordem-certa/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { useUpdateCompanyWhatsApp } from '../api/update-company-whatsapp.ts';
import { insertAtCaret, PlaceholderButtons } from './placeholder-buttons.tsx';

type TemplateName = keyof CompanyWhatsAppInput;

/** Each message: its field, its label, what it is sent with, and the link its preview shows. */
const templates: {
  name: TemplateName;
  document: WhatsAppDocument;
  label: string;
  help: string;
  samplePath: string;
}[] = [
  {
    name: 'whatsappTemplate',
    document: 'order',
    label: 'Mensagem da ordem de serviço',
    help: 'Enviada com o link de assinatura da ordem de serviço.',
    samplePath: '/invoices/1/sign?token=…',
  },
  {
    name: 'whatsappEstimateTemplate',
    document: 'estimate',
    label: 'Mensagem do orçamento',
    help: 'Enviada com o link para o cliente aprovar ou recusar o orçamento.',
    samplePath: '/estimates/1/review?token=…',
  },
];

const defaults = (company: Company): CompanyWhatsAppInput => ({
  whatsappTemplate: company.whatsappTemplate ?? DEFAULT_WHATSAPP_TEMPLATE,
  whatsappEstimateTemplate: company.whatsappEstimateTemplate ?? DEFAULT_WHATSAPP_ESTIMATE_TEMPLATE,
});

/** One message: the text, its placeholders inserted at the caret, its length, and a preview. */
function TemplateField({
  form,
  spec,
  company,
}: {
  form: UseFormReturn<CompanyWhatsAppInput, unknown, CompanyWhatsAppBody>;
  spec: (typeof templates)[number];
  company: Company;
}) {
  const uid = useId();
  const areaRef = useRef<HTMLTextAreaElement | null>(null);
  const {
    register,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const error = errors[spec.name];
  const field = register(spec.name);
  const text = watch(spec.name) ?? '';
  const insert = (token: string) =>
    insertAtCaret(areaRef.current, getValues(spec.name) ?? '', token, (value) =>
      setValue(spec.name, value, { shouldDirty: true, shouldValidate: !!error }),
    );
  const sample = { number: 1042, customer: 'Maria Souza', company: company.name };
  return (
    <Form.Group className="mb-4" controlId={`${uid}-template`} data-template={spec.document}>
      <Form.Label>{spec.label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={4}
        isInvalid={!!error}
        aria-describedby={`${uid}-help`}
        {...field}
        ref={(el: HTMLTextAreaElement | null) => {
          field.ref(el);
          areaRef.current = el;
        }}
      />
      <Form.Control.Feedback type="invalid">{error?.message}</Form.Control.Feedback>
      <PlaceholderButtons placeholders={whatsappPlaceholders} onInsert={insert}>
        <span
          className={`small ms-auto ${text.length > WHATSAPP_TEMPLATE_MAX ? 'text-danger' : 'text-body-secondary'}`}
        >
          {text.length}/{WHATSAPP_TEMPLATE_MAX}
        </span>
      </PlaceholderButtons>
      <Form.Text id={`${uid}-help`}>{spec.help} Em branco, volta à mensagem padrão.</Form.Text>
      <div className="small fw-semibold mt-2 mb-1">Prévia</div>
      <p className="border rounded bg-body-tertiary p-2 small mb-0" style={{ whiteSpace: 'pre-wrap' }}>
        {fillWhatsAppTemplate(text, { ...sample, link: `${window.location.origin}${spec.samplePath}` }, spec.document)}
      </p>
    </Form.Group>
  );
}

/**
 * WhatsApp: the messages a service order's signing link and an estimate's approval link are sent with,
 * each with its placeholders and a preview. Blank goes back to the default message.
 */
export function CompanyWhatsAppTab({ company }: { company: Company }) {
  const save = useUpdateCompanyWhatsApp(company.id);
  const form = useContractForm(companyWhatsAppBody, { mode: 'onTouched', defaultValues: defaults(company) });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (body) => {
    try {
      reset(defaults(await save.mutateAsync(body)));
      toast.success(whatsappMessages.saved);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} style={{ maxWidth: 720 }}>
      {templates.map((spec) => (
        <TemplateField key={spec.name} form={form} spec={spec} company={company} />
      ))}
      {errors.root && <div className="text-danger mb-3">{errors.root.message}</div>}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
        Salvar
      </Button>
    </Form>
  );
}
