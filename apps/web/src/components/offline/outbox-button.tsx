import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { AppModal } from '../app-modal.tsx';
import { useConfirm } from '../confirm-dialog.tsx';
import { formatDateTime, formatTime } from '../../lib/format.ts';
import { flushOutbox, outbox, useOutboxItems } from '../../lib/offline/outbox-runtime.ts';
import type { OutboxItem } from '../../lib/offline/outbox.ts';

/**
 * The header's count of what waits to be sent ('3 pendentes'), shown only while something waits. It
 * opens the list: each item, when it was done, and what happens to it — waiting for the network, the
 * next attempt, or the server's refusal with 'Tentar novamente' and 'Descartar'.
 */
export function OutboxButton() {
  const items = useOutboxItems();
  const [open, setOpen] = useState(false);
  if (items.length === 0 && !open) return null;
  const refused = items.filter((i) => i.problem).length;
  return (
    <>
      <Button
        variant={refused ? 'danger' : 'warning'}
        size="sm"
        className="outbox-button ms-auto me-2 text-nowrap"
        onClick={() => setOpen(true)}
        aria-label={`Envios pendentes: ${items.length}${refused ? `, ${refused} recusado(s)` : ''}`}
        data-testid="outbox-count"
      >
        <Badge bg="light" text="dark" className="me-1">
          {items.length}
        </Badge>
        {items.length === 1 ? 'pendente' : 'pendentes'}
      </Button>
      <AppModal show={open} onHide={() => setOpen(false)} title="Envios pendentes">
        {items.length === 0 ? (
          <p className="mb-0">Tudo foi enviado.</p>
        ) : (
          <>
            <p className="small text-body-secondary">
              Guardados neste aparelho e enviados na ordem em que foram feitos, assim que houver conexão.
            </p>
            <ul className="list-unstyled mb-3 d-grid gap-2">
              {items.map((item) => (
                <OutboxEntry key={item.key} item={item} onNavigate={() => setOpen(false)} />
              ))}
            </ul>
            <Button variant="primary" size="sm" onClick={() => flushOutbox(true)}>
              Enviar agora
            </Button>
          </>
        )}
      </AppModal>
    </>
  );
}

function OutboxEntry({ item, onNavigate }: { item: OutboxItem; onNavigate(): void }) {
  const confirm = useConfirm();
  const discard = async () => {
    const ok = await confirm({
      title: 'Descartar este envio?',
      text: `${item.label} da OS não será enviado ao escritório e será apagado deste aparelho.`,
      confirmLabel: 'Descartar',
    });
    if (!ok) return;
    await outbox.discard(item.key);
    toast.info('Envio descartado');
  };
  return (
    <li className={`border rounded p-2 ${item.problem ? 'border-danger' : ''}`} data-testid="outbox-item">
      <div className="d-flex justify-content-between gap-2">
        <Link to={`/invoices/${item.invoiceId}/edit`} onClick={onNavigate} className="fw-semibold">
          {item.label}
        </Link>
        <span className="small text-body-secondary text-nowrap">{formatDateTime(new Date(item.createdAt))}</span>
      </div>
      {item.problem ? (
        <>
          <div className="small text-danger mt-1" role="alert">
            {item.problem.conflict && <span className="fw-semibold">Conflito de edição: </span>}
            {item.problem.message}
          </div>
          <div className="d-flex gap-2 mt-2">
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => void outbox.retry(item.key).catch(() => undefined)}
            >
              Tentar novamente
            </Button>
            <Button size="sm" variant="outline-danger" onClick={discard}>
              Descartar
            </Button>
          </div>
        </>
      ) : (
        <div className="small text-body-secondary mt-1">
          {item.attempts === 0
            ? 'Aguardando conexão.'
            : `Sem resposta do servidor; nova tentativa às ${formatTime(new Date(item.nextAttemptAt))}.`}
        </div>
      )}
    </li>
  );
}
