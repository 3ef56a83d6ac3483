import { useRef, useState } from 'react';
import { Button, CloseButton, Form, InputGroup, ListGroup, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  EstimateStatus,
  estimateMessages,
  isEmailAddress,
  uniqueAddresses,
  type EstimateDetail,
} from '@oficina/contracts';
import { ApiError, isRepeatInFlight, newIdempotencyKey, toastApiError } from '../../../lib/api-client.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { useSendEmail } from '../api/emails.ts';

/**
 * 'Enviar por e-mail': a list of recipients (the customer's e-mail pre-filled, no duplicates, each
 * removable), sent with the company's e-mail template and the estimate PDF attached.
 */
export function EmailModal({ estimate, show, onHide }: { estimate: EstimateDetail; show: boolean; onHide(): void }) {
  const initial = estimate.customerEmail ? [estimate.customerEmail] : [];
  const [to, setTo] = useState<string[]>(initial);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendEmail(estimate.id);
  // One key per send action: a second click on 'Enviar' for the same recipients (a double click, or a
  // retry after a failure) repeats the action and sends no second e-mail; other recipients are a new one.
  const action = useRef<{ key: string; to: string } | null>(null);
  const addDraft = () => {
    const parts = draft.split(/[,;\s]+/).filter(Boolean);
    if (!parts.length) return true;
    const bad = parts.find((a) => !isEmailAddress(a));
    if (bad) {
      setError(estimateMessages.recipientInvalid(bad));
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
      toast.info(estimateMessages.recipientsRequired);
      return;
    }
    if (action.current?.to !== list.join(',')) action.current = { key: newIdempotencyKey(), to: list.join(',') };
    try {
      const sent = await send.mutateAsync({ to: list, key: action.current.key });
      toast.success(sent.status === 'written' ? estimateMessages.written : estimateMessages.sent);
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
      else toastApiError(err, estimateMessages.sendFailed);
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
      title={`Enviar orçamento nº ${estimate.number} por e-mail`}
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancelar
          </Button>
          <Button onClick={() => void submit()} disabled={send.isPending}>
            {send.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
            Enviar
          </Button>
        </>
      }
    >
      <p className="small text-body-secondary">
        A mensagem usa o modelo de e-mail da empresa {estimate.companyName} e leva o PDF do orçamento em anexo.
        {estimate.status === EstimateStatus.Draft && (
          <strong className="d-block text-warning-emphasis mt-1">
            Este orçamento é um rascunho: o PDF vai marcado como RASCUNHO.
          </strong>
        )}
      </p>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          addDraft();
        }}
      >
        <Form.Label htmlFor="estimate-email-to">Destinatários</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            id="estimate-email-to"
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
