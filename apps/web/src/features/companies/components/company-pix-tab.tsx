import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  companyPixBody,
  messages,
  pixMessages,
  type Company,
  type CompanyPixBody,
  type CompanyPixValues,
} from '@ordem-certa/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateCompanyPix } from '../api/update-company-pix.ts';

/**
 * The company's PIX key: with one, the order PDF and the customer's order page show the QR code and the
 * "copia e cola" of what is still due. Blank removes it.
 */
export function CompanyPixTab({ company }: { company: Company }) {
  const save = useUpdateCompanyPix(company.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyPixBody, unknown, CompanyPixValues>({
    resolver: zodResolver(companyPixBody),
    defaultValues: { pixKey: company.pixKey ?? '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success(saved.pixKey ? pixMessages.saved : pixMessages.removed);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  return (
    <Form noValidate onSubmit={submit} style={{ maxWidth: 520 }}>
      <Form.Group className="mb-3" controlId="company-pix-key">
        <Form.Label>Chave PIX</Form.Label>
        <Form.Control
          placeholder="CPF, CNPJ, e-mail, telefone com DDD ou chave aleatória"
          isInvalid={!!errors.pixKey}
          {...register('pixKey')}
        />
        <Form.Control.Feedback type="invalid">{errors.pixKey?.message}</Form.Control.Feedback>
        <Form.Text>
          Com a chave, o PDF da ordem de serviço e a página do cliente mostram o QR Code e o PIX copia e cola do valor a
          pagar. Deixe em branco para não mostrar.
        </Form.Text>
      </Form.Group>
      <Button type="submit" disabled={isSubmitting}>
        Salvar
      </Button>
    </Form>
  );
}
