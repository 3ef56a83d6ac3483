import { useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { messages } from '@ordem-certa/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { toastApiError } from '../../../lib/api-client.ts';
import { useCalendarLinkStatus, useCreateCalendarLink, useRevokeCalendarLink } from '../api/calendar-link.ts';

/**
 * The private calendar link: the visits in Google Agenda or the phone's calendar. The address is shown
 * once, right after it is made (the server keeps only a fingerprint of it); a new one ends the old.
 */
export function CalendarLinkCard() {
  const status = useCalendarLinkStatus();
  const create = useCreateCalendarLink();
  const revoke = useRevokeCalendarLink();
  const confirm = useConfirm();
  const [url, setUrl] = useState<string | null>(null);

  const make = async () => {
    if (
      status.data?.active &&
      !(await confirm({
        title: 'Gerar um novo link?',
        text: 'O link atual deixa de funcionar: as agendas que o usam precisam do novo.',
        confirmLabel: 'Gerar novo link',
      }))
    )
      return;
    try {
      setUrl((await create.mutateAsync()).url);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };
  const remove = async () => {
    if (
      !(await confirm({
        title: 'Desativar o link da agenda?',
        text: 'As agendas que usam o link param de receber as visitas.',
        confirmLabel: 'Desativar',
        variant: 'danger',
      }))
    )
      return;
    try {
      await revoke.mutateAsync();
      setUrl(null);
      toast.success('Link da agenda desativado');
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(url ?? '').catch(() => undefined);
    toast.success('Link copiado');
  };

  return (
    <QueryState isPending={status.isPending} error={status.error}>
      <p>
        Veja as suas visitas no Google Agenda ou no calendário do celular: crie o link e assine-o na agenda. Ele é
        pessoal; quem tiver o link vê as visitas.
      </p>
      {url && (
        <Alert variant="success" data-testid="calendar-link-new">
          <Form.Label htmlFor="calendar-link-url" className="fw-semibold">
            Seu link da agenda
          </Form.Label>
          <InputGroup className="mb-2">
            <Form.Control id="calendar-link-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline-secondary" onClick={copy}>
              Copiar
            </Button>
          </InputGroup>
          <div className="small">
            Guarde-o agora: por segurança ele só é mostrado uma vez. No Google Agenda: Outras agendas → + → Do URL. No
            iPhone: Ajustes → Calendário → Contas → Adicionar conta → Outra → Adicionar calendário assinado.
          </div>
        </Alert>
      )}
      {status.data?.active && !url && (
        <p className="text-body-secondary" data-testid="calendar-link-active">
          Link ativo desde {formatDateTime(status.data.createdAt)}.
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={make} disabled={create.isPending}>
          {status.data?.active ? 'Gerar novo link' : 'Criar link da agenda'}
        </Button>
        {status.data?.active && (
          <Button variant="outline-danger" onClick={remove} disabled={revoke.isPending}>
            Desativar link
          </Button>
        )}
      </div>
    </QueryState>
  );
}
