import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Badge, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  messages,
  pixPspBody,
  pixPspMessages,
  type PixPsp,
  type PixPspBody,
  type PixPspTest,
  type PixPspValues,
} from '@ordem-certa/contracts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePixPsp } from '../api/get-pix-psp.ts';
import { useUpdatePixPsp } from '../api/update-pix-psp.ts';
import { useDeletePixPsp } from '../api/delete-pix-psp.ts';
import { useTestPixPsp } from '../api/test-pix-psp.ts';
import { useUploadPixPspCertificate } from '../api/upload-pix-psp-certificate.ts';
import { CertificateUploadForm } from './certificate-upload-form.tsx';

const decimal = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : Number(String(v).replace(',', '.'));

function defaults(psp: PixPsp): PixPspBody {
  const c = psp.connection;
  return {
    baseUrl: c?.baseUrl ?? '',
    tokenUrl: c?.tokenUrl ?? '',
    clientId: c?.clientId ?? '',
    clientSecret: '',
    scopes: c?.scopes ?? 'cob.write cob.read cobv.write cobv.read pix.read pix.write webhook.read webhook.write',
    expiryDays: c?.expiryDays ?? 7,
    finePercent: c?.finePercent ?? 0,
    interestPercentPerMonth: c?.interestPercentPerMonth ?? 0,
    discountPercent: c?.discountPercent ?? 0,
    discountDaysBefore: c?.discountDaysBefore ?? 0,
    validityAfterDueDays: c?.validityAfterDueDays ?? 30,
  };
}

/**
 * 'Pix (PSP)': the company's connection to its PSP's API Pix (the bank or payment institution that
 * receives its Pix). With it, orders and instalments get dynamic charges, and payments are recorded
 * when the PSP tells the product (webhook) instead of by hand.
 */
export function CompanyPixPspTab({ companyId }: { companyId: number }) {
  const psp = usePixPsp(companyId);
  if (psp.isPending) return <Spinner animation="border" size="sm" role="status" aria-label="Carregando" />;
  if (psp.isError) return <Alert variant="danger">Não foi possível carregar a conexão com o PSP.</Alert>;
  return (
    <div className="d-flex flex-column gap-3">
      {!psp.data.pixKey && <Alert variant="warning">{pixPspMessages.noPixKey} (aba PIX).</Alert>}
      {/* In production the server stores no secret until its secrets key is set outside the database. */}
      {!psp.data.canStoreSecrets && (
        <Alert variant="warning" role="status">
          {pixPspMessages.secretsKeyMissing}
        </Alert>
      )}
      <ConnectionForm key={psp.data.connection?.updatedAt ?? 'new'} companyId={companyId} psp={psp.data} />
      <PspCertificateCard companyId={companyId} psp={psp.data} />
    </div>
  );
}

function ConnectionForm({ companyId, psp }: { companyId: number; psp: PixPsp }) {
  const save = useUpdatePixPsp(companyId);
  const remove = useDeletePixPsp(companyId);
  const test = useTestPixPsp(companyId);
  const confirm = useConfirm();
  const c = psp.connection;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PixPspBody, unknown, PixPspValues>({ resolver: zodResolver(pixPspBody), defaultValues: defaults(psp) });
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      test.reset();
      if (saved.connection?.webhookStatus === 'registered')
        toast.success(`${pixPspMessages.saved}. ${pixPspMessages.webhookRegistered}`);
      else toast.warning(pixPspMessages.webhookFailed(saved.connection?.webhookError ?? ''));
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  // The server's 422 on the company's key (none yet) has no field here: it is shown above the form.
  const keyError = (errors as Record<string, { message?: string } | undefined>).pixKey?.message;
  const number = { setValueAs: decimal };
  const field = (
    name: keyof PixPspBody,
    label: string,
    o: { type?: string; help?: string; placeholder?: string; md?: number } = {},
  ) => (
    <Form.Group as={Col} xs={12} md={o.md ?? 6} controlId={`pix-psp-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={o.type ?? 'text'}
        autoComplete="off"
        placeholder={o.placeholder}
        isInvalid={!!errors[name]}
        {...register(name, o.type === 'number' ? number : undefined)}
      />
      <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
      {o.help && <Form.Text>{o.help}</Form.Text>}
    </Form.Group>
  );

  return (
    <Card>
      <Card.Header as="h2" className="fs-6 mb-0 d-flex align-items-center gap-2 flex-wrap">
        Conexão com o PSP (API Pix)
        {c && <WebhookBadge status={c.webhookStatus} />}
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary small">
          O PSP é o banco ou a instituição de pagamento que recebe os Pix da empresa. Com a conexão, cada ordem com
          saldo e cada parcela recebe uma cobrança Pix própria, e o pagamento é registrado sozinho quando o PSP avisa.
        </p>
        {keyError && <Alert variant="danger">{keyError}</Alert>}
        <Form noValidate onSubmit={submit}>
          <Row className="g-3">
            {field('baseUrl', 'Endereço da API Pix', { placeholder: 'https://api.seupsp.com.br/pix/v2' })}
            {field('tokenUrl', 'Endereço do token (OAuth 2)', { placeholder: 'https://api.seupsp.com.br/oauth/token' })}
            {field('clientId', 'Client ID')}
            {field('clientSecret', 'Client Secret', {
              type: 'password',
              placeholder: c?.hasClientSecret ? '•••••••• (guardado)' : undefined,
              help: c?.hasClientSecret ? 'Deixe em branco para manter o que está guardado.' : undefined,
            })}
            {field('scopes', 'Escopos', { md: 12, help: 'Separados por espaço, como o PSP os nomeia.' })}
          </Row>
          <h3 className="fs-6 mt-4">Cobranças</h3>
          <Row className="g-3">
            {field('expiryDays', 'Validade da cobrança (dias)', { type: 'number', md: 4 })}
            {field('finePercent', 'Multa após o vencimento (%)', { type: 'number', md: 4 })}
            {field('interestPercentPerMonth', 'Juros ao mês (%)', { type: 'number', md: 4 })}
            {field('discountPercent', 'Desconto por pagamento antecipado (%)', { type: 'number', md: 4 })}
            {field('discountDaysBefore', 'Até quantos dias antes do vencimento', { type: 'number', md: 4 })}
            {field('validityAfterDueDays', 'Prazo após o vencimento (dias)', { type: 'number', md: 4 })}
          </Row>
          <Form.Text className="d-block mt-2">
            Multa, juros, desconto e o prazo após o vencimento valem para as parcelas (cobranças com vencimento).
          </Form.Text>
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Button type="submit" disabled={isSubmitting}>
              Salvar
            </Button>
            {c && (
              <>
                <Button variant="outline-secondary" disabled={test.isPending} onClick={() => test.mutate()}>
                  {test.isPending ? 'Testando…' : 'Testar conexão'}
                </Button>
                <Button
                  variant="outline-danger"
                  disabled={remove.isPending}
                  onClick={async () => {
                    if (
                      !(await confirm({
                        title: 'Remover a conexão com o PSP?',
                        text: 'As próximas cobranças voltam a usar o QR Code estático da chave PIX.',
                        confirmLabel: 'Remover',
                        variant: 'danger',
                      }))
                    )
                      return;
                    await remove.mutateAsync();
                    toast.success(pixPspMessages.removed);
                  }}
                >
                  Remover conexão
                </Button>
              </>
            )}
          </div>
        </Form>
        {c && <WebhookLine url={c.webhookUrl} error={c.webhookStatus === 'failed' ? c.webhookError : null} />}
        {test.data && <TestSteps result={test.data} />}
      </Card.Body>
    </Card>
  );
}

function WebhookBadge({ status }: { status: 'pending' | 'registered' | 'failed' }) {
  const [bg, text] =
    status === 'registered'
      ? ['success', 'Webhook registrado']
      : status === 'failed'
        ? ['danger', 'Webhook não registrado']
        : ['secondary', 'Webhook pendente'];
  return <Badge bg={bg}>{text}</Badge>;
}

function WebhookLine({ url, error }: { url: string; error: string | null }) {
  return (
    <div className="mt-3 small">
      <div className="text-body-secondary">Endereço do webhook (o PSP acrescenta /pix):</div>
      <code className="text-break" data-testid="pix-webhook-url">
        {url}
      </code>
      {error && (
        <Alert variant="danger" className="mt-2 mb-0">
          {pixPspMessages.webhookFailed(error)}
        </Alert>
      )}
    </div>
  );
}

function TestSteps({ result }: { result: PixPspTest }) {
  return (
    <ul className="list-unstyled mt-3 mb-0 border rounded p-2" aria-label="Resultado do teste">
      {result.steps.map((s) => (
        <li key={s.name} className={s.ok ? 'text-success' : 'text-danger'}>
          <strong>
            {s.ok ? '✓' : '✗'} {s.name}:
          </strong>{' '}
          {s.message}
        </li>
      ))}
      {result.ok && <li className="text-success fw-semibold mt-1">{pixPspMessages.testOk}</li>}
    </ul>
  );
}

function PspCertificateCard({ companyId, psp }: { companyId: number; psp: PixPsp }) {
  const upload = useUploadPixPspCertificate(companyId);
  const cert = psp.certificate;
  return (
    <Card>
      <Card.Header as="h2" className="fs-6 mb-0">
        Certificado do cliente (mTLS)
      </Card.Header>
      <Card.Body>
        {cert ? (
          <dl className="row mb-3 small">
            <dt className="col-sm-3">Titular</dt>
            <dd className="col-sm-9 text-break" data-testid="pix-certificate-subject">
              {cert.subject}
            </dd>
            <dt className="col-sm-3">Válido até</dt>
            <dd className="col-sm-9">{formatDate(cert.notAfter)}</dd>
          </dl>
        ) : (
          <p className="text-body-secondary">
            Nenhum certificado enviado. O PSP entrega um certificado (.pfx ou .p12) para a conexão segura da API Pix;
            sem ele só um PSP de testes nesta máquina (http://) é aceito.
          </p>
        )}
        <CertificateUploadForm
          replacing={!!cert}
          pending={upload.isPending}
          text={pixPspMessages}
          unavailable={psp.canStoreSecrets ? undefined : pixPspMessages.secretsKeyMissing}
          upload={async (file, password) => void (await upload.mutateAsync({ file, password }))}
        />
      </Card.Body>
    </Card>
  );
}
