import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Button, Card, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  messages,
  whatsappCloudMessages,
  whatsappEventLabels,
  whatsappEvents,
  whatsappSettingsBody,
  type WhatsAppSettings,
  type WhatsAppSettingsBody,
  type WhatsAppSettingsInput,
} from '@ordem-certa/contracts';
import { CopyField } from '../../../components/copy-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSaveWhatsAppSettings } from '../api/save-whatsapp-settings.ts';
import { useTestWhatsApp } from '../api/test-whatsapp.ts';

const KEPT = 'Guardado (em branco, mantém)';
const quality: Record<string, string> = { GREEN: 'alta', YELLOW: 'média', RED: 'baixa' };

/** A verify token nobody guesses: 24 letters and digits. */
function newVerifyToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return (
    btoa(String.fromCharCode(...bytes))
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 24) || 'verificacao-ordem-certa'
  );
}

/**
 * The organization's WhatsApp Business number on Meta's Cloud API: its ids, the permanent token and the
 * app secret (write-only: stored sealed, never shown again), the verify token and webhook URL to give
 * Meta's dashboard, the master switch and each event's, and 'Testar'.
 */
export function ConnectionForm({ settings }: { settings: WhatsAppSettings }) {
  const save = useSaveWhatsAppSettings();
  const test = useTestWhatsApp();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<WhatsAppSettingsInput, unknown, WhatsAppSettingsBody>({
    resolver: zodResolver(whatsappSettingsBody),
    defaultValues: {
      phoneNumberId: settings.phoneNumberId ?? '',
      businessAccountId: settings.businessAccountId ?? '',
      accessToken: '',
      appSecret: '',
      verifyToken: settings.verifyToken ?? newVerifyToken(),
      enabled: settings.enabled,
      events: Object.fromEntries(whatsappEvents.map((e) => [e, settings.events[e] !== false])),
    },
  });
  const submit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      toast.success(whatsappCloudMessages.saved);
      reset({ ...body, accessToken: '', appSecret: '', events: saved.events });
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  const runTest = async () => {
    try {
      await test.mutateAsync();
      toast.success(whatsappCloudMessages.tested);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  };
  const phone = settings.phoneNumber;
  return (
    <Form noValidate onSubmit={submit}>
      <Card className="mb-3">
        <Card.Header className="bg-white">
          <h2 className="h6 mb-0">Conexão com a Meta (WhatsApp Cloud API)</h2>
        </Card.Header>
        <Card.Body>
          {!settings.canStoreSecrets && <Alert variant="warning">{whatsappCloudMessages.secretsKeyMissing}</Alert>}
          {errors.root && <Alert variant="danger">{errors.root.message}</Alert>}
          <Row className="g-3">
            <Col md={6}>
              <TextField
                id="whatsapp-phone-number-id"
                label="ID do número de telefone"
                groupClassName=""
                inputMode="numeric"
                error={errors.phoneNumberId?.message}
                {...register('phoneNumberId')}
              >
                <Form.Text>Phone number ID, em WhatsApp › Configuração da API no painel da Meta.</Form.Text>
              </TextField>
            </Col>
            <Col md={6}>
              <TextField
                id="whatsapp-business-account-id"
                label="ID da conta do WhatsApp Business"
                groupClassName=""
                inputMode="numeric"
                error={errors.businessAccountId?.message}
                {...register('businessAccountId')}
              >
                <Form.Text>WhatsApp Business Account ID (WABA), onde ficam os modelos de mensagem.</Form.Text>
              </TextField>
            </Col>
            <Col md={6}>
              <TextField
                id="whatsapp-access-token"
                label="Token de acesso permanente"
                groupClassName=""
                type="password"
                autoComplete="off"
                placeholder={settings.hasAccessToken ? KEPT : 'Token do usuário do sistema'}
                error={errors.accessToken?.message}
                {...register('accessToken')}
              />
            </Col>
            <Col md={6}>
              <TextField
                id="whatsapp-app-secret"
                label="Chave secreta do aplicativo"
                groupClassName=""
                type="password"
                autoComplete="off"
                placeholder={settings.hasAppSecret ? KEPT : 'App Secret, em Configurações › Básico'}
                error={errors.appSecret?.message}
                {...register('appSecret')}
              >
                <Form.Text>Confere a assinatura de cada aviso que a Meta envia ao webhook.</Form.Text>
              </TextField>
            </Col>
            <Col md={6}>
              <Form.Group controlId="whatsapp-verify-token">
                <Form.Label>Token de verificação do webhook</Form.Label>
                <InputGroup hasValidation>
                  <Form.Control isInvalid={!!errors.verifyToken} {...register('verifyToken')} />
                  <Button
                    variant="outline-secondary"
                    onClick={() => setValue('verifyToken', newVerifyToken(), { shouldDirty: true })}
                  >
                    Gerar
                  </Button>
                  <Form.Control.Feedback type="invalid">{errors.verifyToken?.message}</Form.Control.Feedback>
                </InputGroup>
              </Form.Group>
            </Col>
            <Col md={6}>
              <CopyField id="whatsapp-webhook-url" label="URL de retorno (webhook)" value={settings.webhookUrl} />
            </Col>
          </Row>
          <Form.Check
            type="switch"
            id="whatsapp-enabled"
            className="mt-3"
            label="Enviar mensagens automáticas pelo WhatsApp"
            {...register('enabled')}
          />
          {phone && (
            <p className="small text-body-secondary mb-0 mt-2" aria-live="polite">
              Número {phone.displayPhoneNumber}
              {phone.verifiedName ? ` · ${phone.verifiedName}` : ''}
              {phone.qualityRating ? ` · qualidade ${quality[phone.qualityRating] ?? phone.qualityRating}` : ''} ·
              testado em {formatDateTime(phone.testedAt)}
            </p>
          )}
        </Card.Body>
      </Card>

      <Card className="mb-3">
        <Card.Header className="bg-white">
          <h2 className="h6 mb-0">Avisos enviados</h2>
        </Card.Header>
        <Card.Body>
          <p className="small text-body-secondary">
            Só vão para os clientes que autorizaram mensagens pelo WhatsApp (na ficha do cliente).
          </p>
          {whatsappEvents.map((e) => (
            <Form.Check
              key={e}
              type="switch"
              id={`whatsapp-event-${e}`}
              className="mb-2"
              label={
                <>
                  {whatsappEventLabels[e].label}
                  <span className="d-block small text-body-secondary">{whatsappEventLabels[e].description}</span>
                </>
              }
              {...register(`events.${e}`)}
            />
          ))}
        </Card.Body>
      </Card>

      <div className="d-flex flex-wrap gap-2 mb-4">
        <Button type="submit" disabled={isSubmitting}>
          Salvar
        </Button>
        <Button
          variant="outline-primary"
          disabled={!settings.configured || isDirty || test.isPending}
          title={isDirty ? 'Salve antes de testar' : undefined}
          onClick={() => void runTest()}
        >
          {test.isPending ? 'Testando...' : 'Testar'}
        </Button>
      </div>
    </Form>
  );
}
