import { Alert, Badge, Button, Card, ListGroup } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { templateStatusLabels, whatsappCloudMessages, type WhatsAppTemplate } from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useUpdateWhatsAppTemplates } from '../api/update-whatsapp-templates.ts';

const variant: Record<string, string> = {
  APPROVED: 'success',
  PENDING: 'warning',
  IN_APPEAL: 'warning',
  REJECTED: 'danger',
  DISABLED: 'danger',
  PAUSED: 'secondary',
  NOT_SUBMITTED: 'light',
};

/** The template's text with a sample in each parameter's place, marked. */
function Sample({ t }: { t: WhatsAppTemplate }) {
  const parts = t.body.split(/(\{\{\d+\}\})/);
  return (
    <>
      {parts.map((part, i) => {
        const n = /^\{\{(\d+)\}\}$/.exec(part);
        if (!n) return part;
        return (
          <mark key={i} title={`Parâmetro ${n[1]}`} className="px-1 rounded">
            {t.example[Number(n[1]) - 1] ?? part}
          </mark>
        );
      })}
    </>
  );
}

/** The message of a refused call: a 422's field messages in one line. */
const problemOf = (err: unknown) =>
  err instanceof ApiError && err.fieldErrors ? Object.values(err.fieldErrors).flat().join(' ') : null;

/**
 * The product's templates as Meta sees them: each with its text, its buttons and its approval state;
 * 'Enviar para aprovação' submits those the account lacks, 'Atualizar' reads the verdicts back (they
 * also arrive by the webhook).
 */
export function TemplatesCard({ templates, connected }: { templates: WhatsAppTemplate[]; connected: boolean }) {
  const submit = useUpdateWhatsAppTemplates('submit');
  const sync = useUpdateWhatsAppTemplates('sync');
  const failure = problemOf(submit.error) ?? problemOf(sync.error);
  const run = async (action: typeof submit, done: string) => {
    try {
      await action.mutateAsync();
      toast.success(done);
    } catch (err) {
      if (!problemOf(err)) toastApiError(err);
    }
  };
  const missing = templates.filter((t) => t.status === 'NOT_SUBMITTED').length;
  return (
    <Card className="mb-3">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2 bg-white">
        <h2 className="h6 mb-0">Modelos de mensagem</h2>
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={!connected || submit.isPending}
            onClick={() => void run(submit, whatsappCloudMessages.submitted)}
          >
            {submit.isPending ? 'Enviando...' : 'Enviar para aprovação'}
          </Button>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={!connected || sync.isPending}
            onClick={() => void run(sync, whatsappCloudMessages.synced)}
          >
            Atualizar
          </Button>
        </div>
      </Card.Header>
      <Card.Body className="pb-0">
        <p className="small text-body-secondary">
          A Meta aprova cada modelo antes do primeiro envio (categoria Utilidade, em português do Brasil). Enquanto um
          modelo não está aprovado, o aviso vai por e-mail para quem tem e-mail. Os trechos marcados são exemplos do que
          cada mensagem leva.
          {missing > 0 && ` ${missing} ainda não enviado(s).`}
        </p>
        {!connected && <Alert variant="info">{whatsappCloudMessages.notConfigured}.</Alert>}
        {failure && <Alert variant="danger">{failure}</Alert>}
      </Card.Body>
      <ListGroup variant="flush" aria-label="Modelos de mensagem">
        {templates.map((t) => (
          <ListGroup.Item key={t.name} className="py-3">
            <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
              <div>
                <div className="fw-semibold">{t.label}</div>
                <code className="small">{t.name}</code>
              </div>
              <Badge bg={variant[t.status] ?? 'secondary'} text={t.status === 'NOT_SUBMITTED' ? 'dark' : undefined}>
                {templateStatusLabels[t.status] ?? t.status}
              </Badge>
            </div>
            <p className="small mb-1 mt-2 text-break" style={{ whiteSpace: 'pre-line' }}>
              <Sample t={t} />
            </p>
            {t.buttons.length > 0 && (
              <div className="d-flex gap-2 mb-1">
                {t.buttons.map((b) => (
                  <span key={b} className="badge rounded-pill text-bg-light border">
                    {b}
                  </span>
                ))}
              </div>
            )}
            {t.rejectedReason && <div className="small text-danger">Motivo: {t.rejectedReason}</div>}
            {t.checkedAt && (
              <div className="small text-body-secondary">Situação lida em {formatDateTime(t.checkedAt)}</div>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Card>
  );
}
