import { useId, useState } from 'react';
import { Alert, Badge, Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  messageStatusLabels,
  messages as common,
  whatsappCloudMessages,
  whatsappEventLabels,
  WHATSAPP_TEXT_MAX,
  type CustomerMessage,
  type WhatsAppEvent,
} from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ConnectionNotice, useNoConnection } from '../connection-notice.tsx';
import { useConversation, useReply, type ConversationOf } from './api/conversation.ts';

const PAGE = 20;

/** What a message's status mark says: one tick sent, two delivered, two blue read. */
function StatusMark({ m }: { m: CustomerMessage }) {
  if (m.direction === 'in') return null;
  const label = m.channel === 'email' && m.status === 'sent' ? 'E-mail enviado' : messageStatusLabels[m.status];
  const mark = { sent: '✓', delivered: '✓✓', read: '✓✓' }[m.status as 'sent'] ?? '';
  const tone = m.status === 'failed' ? 'text-danger' : m.status === 'read' ? 'text-primary' : 'text-body-secondary';
  return (
    <span className={`small ${tone}`} title={label}>
      {mark && <span aria-hidden="true">{mark} </span>}
      {label}
    </span>
  );
}

const eventLabel = (event: string | null) =>
  event && event in whatsappEventLabels ? whatsappEventLabels[event as WhatsAppEvent].label : null;

function Bubble({ m, showOrder }: { m: CustomerMessage; showOrder: boolean }) {
  const out = m.direction === 'out';
  const about = eventLabel(m.event);
  return (
    <li className={`d-flex ${out ? 'justify-content-end' : 'justify-content-start'} mb-2`}>
      <div
        className={`rounded-3 px-3 py-2 border ${out ? 'bg-success-subtle' : 'bg-white'}`}
        style={{ maxWidth: 'min(34rem, 88%)' }}
      >
        <div className="d-flex flex-wrap gap-1 mb-1">
          {m.channel === 'email' && <Badge bg="info">E-mail</Badge>}
          {about && (
            <Badge bg="light" text="dark" className="border">
              {about}
            </Badge>
          )}
          {showOrder && m.invoiceNumber !== null && (
            <Badge bg="light" text="dark" className="border">
              OS {m.invoiceNumber}
            </Badge>
          )}
        </div>
        <div className="text-break" style={{ whiteSpace: 'pre-line' }}>
          {m.body}
        </div>
        {m.status === 'failed' && m.errorReason && (
          <div className="small text-danger mt-1">
            {m.errorReason}
            {m.errorCode !== null && ` (código ${m.errorCode})`}
          </div>
        )}
        <div className="d-flex flex-wrap justify-content-between gap-2 mt-1">
          <span className="small text-body-secondary">
            {formatDateTime(m.createdAt)}
            {m.author && ` · ${m.author}`}
          </span>
          <StatusMark m={m} />
        </div>
      </div>
    </li>
  );
}

/**
 * The WhatsApp conversation with a customer (or about one order): what went and came, newest at the
 * bottom, each with its status; and the office's answer, which WhatsApp allows only within 24 hours of
 * the customer's last message — outside them the box says why.
 */
export function Conversation({ of, canReply }: { of: ConversationOf; canReply: boolean }) {
  const [take, setTake] = useState(PAGE);
  const query = useConversation(of, take);
  const reply = useReply(of.customerId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const offline = useNoConnection(query);
  if (offline) return <ConnectionNotice compact />;
  if (query.isPending) return <p className="text-body-secondary">Carregando...</p>;
  if (!query.data) return <Alert variant="warning">{common.serverError}</Alert>;
  const { data, meta, window } = query.data;
  const send = async () => {
    setError(null);
    try {
      await reply.mutateAsync({ text, invoiceId: of.invoiceId ?? null });
      setText('');
      toast.success(whatsappCloudMessages.replied);
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors) setError(Object.values(err.fieldErrors).flat().join(' '));
      else toastApiError(err, common.requestFailed);
    }
  };
  return (
    <div>
      {meta.total > data.length && (
        <div className="text-center mb-2">
          <Button size="sm" variant="link" onClick={() => setTake((n) => n + PAGE)}>
            Mostrar anteriores ({meta.total - data.length})
          </Button>
        </div>
      )}
      {data.length === 0 ? (
        <p className="text-body-secondary">Nenhuma mensagem pelo WhatsApp ainda.</p>
      ) : (
        <ul className="list-unstyled mb-3" aria-label="Mensagens do WhatsApp">
          {data.toReversed().map((m) => (
            <Bubble key={m.id} m={m} showOrder={!of.invoiceId} />
          ))}
        </ul>
      )}
      {canReply &&
        (window.open ? (
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <Form.Label htmlFor={textId} className="small">
              Responder pelo WhatsApp{window.until && ` (até ${formatDateTime(window.until)})`}
            </Form.Label>
            <Form.Control
              as="textarea"
              id={textId}
              rows={2}
              value={text}
              maxLength={WHATSAPP_TEXT_MAX}
              isInvalid={!!error}
              onChange={(e) => setText(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
            <Button type="submit" size="sm" className="mt-2" disabled={!text.trim() || reply.isPending}>
              Enviar
            </Button>
          </Form>
        ) : (
          <p className="small text-body-secondary mb-0" role="note">
            {window.reason}
          </p>
        ))}
    </div>
  );
}
