import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  messages,
  nfseAccountantBody,
  type NfseAccountant,
  type NfseAccountantBody,
  type NfseAccountantInput,
} from '@ordem-certa/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAccountant, useSaveAccountant } from '../api/accountant.ts';

const lastLabels: Record<NonNullable<NfseAccountant['last']>['status'], string> = {
  queued: 'na fila de envio',
  sent: 'enviado',
  written: 'gravado na caixa de saída (sem servidor de e-mail)',
  failed: 'não enviado',
};

/**
 * 'Envio ao contador': the e-mail that gets the month's NFS-e XML (ZIP) by itself, on a chosen day of
 * the next month, and how the last send went.
 */
export function AccountantCard() {
  const query = useAccountant();
  const save = useSaveAccountant();
  const data = query.data;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NfseAccountantInput, unknown, NfseAccountantBody>({
    resolver: zodResolver(nfseAccountantBody),
    values: { email: data?.email ?? '', day: data?.day ?? 5 },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      toast.success(body.email ? 'O contador receberá os XML de cada mês' : 'Envio ao contador desligado');
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  const last = data?.last;
  return (
    <Card className="mt-3">
      <Card.Header as="h2" className="fs-6 mb-0">
        Envio ao contador
      </Card.Header>
      <Card.Body>
        <Form noValidate onSubmit={submit}>
          <Row className="g-3 align-items-end">
            <Form.Group as={Col} xs={12} md={6} controlId="accountant-email">
              <Form.Label>E-mail do contador</Form.Label>
              <Form.Control type="email" isInvalid={!!errors.email} {...register('email')} />
              <Form.Control.Feedback type="invalid">{errors.email?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={6} md={3} controlId="accountant-day">
              <Form.Label>Dia do envio</Form.Label>
              <Form.Select isInvalid={!!errors.day} {...register('day', { setValueAs: Number })}>
                {Array.from({ length: 28 }, (_, n) => n + 1).map((d) => (
                  <option key={d} value={d}>
                    Dia {d}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.day?.message}</Form.Control.Feedback>
            </Form.Group>
            <Col xs={6} md={3}>
              <Button type="submit" disabled={isSubmitting}>
                Salvar
              </Button>
            </Col>
          </Row>
        </Form>
        <Form.Text className="d-block mt-2">
          No dia escolhido, o ZIP com os XML das NFS-e do mês anterior (e os cancelamentos) é enviado sozinho, com os
          totais do mês. Deixe o e-mail vazio para não enviar.
        </Form.Text>
        {last && (
          <p className="small mt-2 mb-0" data-testid="accountant-last">
            Último envio: {last.month.slice(5)}/{last.month.slice(0, 4)}, {lastLabels[last.status]} em{' '}
            {formatDateTime(last.at)}
            {last.error ? ` (${last.error})` : ''}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
