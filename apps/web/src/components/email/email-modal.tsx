import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, CloseButton, Form, InputGroup, ListGroup, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { isEmailAddress, recordEmailMessages, uniqueAddresses, type SentEmail } from '@ordem-certa/contracts';
import { ApiError, isRepeatInFlight, newIdempotencyKey, toastApiError } from '../../lib/api-client.ts';
import { AppModal } from '../app-modal.tsx';

/** How a record is sent: the call, whether it is under way, and what to say once it went out. */
export interface EmailSend {
  send(vars: { to: string[]; key: string }): Promise<SentEmail>;
  isPending: boolean;
  sentMessage: string;
}

/**
 * 'Enviar por e-mail' of a record (an estimate or a service order): a list of recipients (the
 * customer's e-mail pre-filled, no duplicates, each removable) and what the message carries.
 */
export function EmailModal({
  title,
  customerEmail,
  show,
  onHide,
  sending,
  children,
}: {
  title: string;
  customerEmail: string | null;
  show: boolean;
  onHide(): void;
  sending: EmailSend;
  /** What the message carries, said above the recipients. */
  children: ReactNode;
}) {
  const uid = useId();
  const initial = customerEmail ? [customerEmail] : [];
  const [to, setTo] = useState<string[]>(initial);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per send action: a second click on 'Enviar' for the same recipients (a double click, or a
  // retry after a failure) repeats the action and sends no second e-mail; other recipients are a new one.
  const action = useRef<{ key: string; to: string } | null>(null);
  const addDraft = () => {
    const parts = draft.split(/[,;\s]+/).filter(Boolean);
    if (!parts.length) return true;
    const bad = parts.find((a) => !isEmailAddress(a));
    if (bad) {
      setError(recordEmailMessages.recipientInvalid(bad));
      return false;
    }
    setTo((list) => uniqueAddresses([...list, ...parts]));
    setDraft('');
    setError(null);
    return true;
  };
  const submit = async () => {
    if (!addDraft()) return;
    const list = uniqueAddresses([...to, ...draft.split(/[,;\s]+/)]);
    if (!list.length) {
      toast.info(recordEmailMessages.recipientsRequired);
      return;
    }
    if (action.current?.to !== list.join(',')) action.current = { key: newIdempotencyKey(), to: list.join(',') };
    try {
      const sent = await sending.send({ to: list, key: action.current.key });
      toast.success(sent.status === 'written' ? recordEmailMessages.written : sending.sentMessage);
      onHide();
    } catch (err) {
      // The same send already under way: its own answer will tell the user.
      if (isRepeatInFlight(err)) return;
      if (err instanceof ApiError && err.status === 422)
        setError(
          Object.values(err.fieldErrors ?? {})
            .flat()
            .join('. '),
        );
      else toastApiError(err, recordEmailMessages.sendFailed);
    }
  };
  return (
    <AppModal
      show={show}
      onHide={onHide}
      onExited={() => {
        action.current = null;
        setTo(initial);
        setDraft('');
        setError(null);
      }}
      title={title}
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancelar
          </Button>
          <Button onClick={() => void submit()} disabled={sending.isPending}>
            {sending.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
            Enviar
          </Button>
        </>
      }
    >
      <div className="small text-body-secondary mb-3">{children}</div>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          addDraft();
        }}
      >
        <Form.Label htmlFor={`${uid}-to`}>Destinatários</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            id={`${uid}-to`}
            type="email"
            placeholder="nome@exemplo.com.br"
            value={draft}
            isInvalid={!!error}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit" variant="outline-primary">
            Adicionar
          </Button>
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </InputGroup>
      </Form>
      <ListGroup as="ul" className="mt-3" aria-label="Lista de destinatários">
        {to.map((a) => (
          <ListGroup.Item as="li" key={a} className="d-flex justify-content-between align-items-center">
            {a}
            <CloseButton aria-label={`Remover ${a}`} onClick={() => setTo((list) => list.filter((x) => x !== a))} />
          </ListGroup.Item>
        ))}
      </ListGroup>
    </AppModal>
  );
}
