import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  messages,
  pixAutomaticoMessages,
  recurrenceStateLabels,
  retryPolicyLabels,
  type PixAutomatico,
  type RecurrenceState,
} from '@ordem-certa/contracts';
import { formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useCancelPixAutomatico, usePixAutomatico, useSimulatePixAutomatico } from '../api/pix-automatico.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { ApiError, reportedGlobally } from '../../../lib/api-client.ts';
import { PixAutomaticoModal } from './pix-automatico-modal.tsx';

const stateColours: Record<RecurrenceState, string> = {
  aguardando: 'warning',
  aprovada: 'success',
  rejeitada: 'danger',
  cancelada: 'secondary',
  recusada: 'danger',
};

type Charge = PixAutomatico['charges'][number];
/** A period's recurring charge as the office reads it. */
function chargeLabel(c: Charge): [string, string] {
  if (c.paid) return ['success', 'Paga'];
  if (c.fallback) return ['secondary', 'Substituída por cobrança Pix'];
  if (c.status === 'creating') return ['light', 'Enviando ao PSP'];
  if (c.status === 'CONCLUIDA') return ['info', 'Paga no PSP'];
  if (c.attemptStatus === 'AGENDADA' && c.retries > 0)
    return ['warning', `Nova tentativa em ${formatIsoDate(c.attemptDate!)}`];
  if (c.attemptStatus === 'AGENDADA') return ['info', `Débito agendado para ${formatIsoDate(c.attemptDate!)}`];
  return ['warning', 'Aguardando o PSP'];
}

/**
 * The contract's Pix Automático: the payer's authorization and its state, 'Pedir autorização' (again,
 * after a rejection or a cancellation), and each period's recurring charge. At the demo's PSP an admin
 * can play the payer's answer ('Simular aprovação' / 'Simular recusa').
 */
export function PixAutomaticoCard({
  contractId,
  manage,
  simulate,
  active,
  nextBillingDate,
}: {
  contractId: number;
  manage: boolean;
  /** May play the payer's answer at the demo's PSP (admins). */
  simulate: boolean;
  active: boolean;
  nextBillingDate: string | null;
}) {
  const automatico = usePixAutomatico(contractId, nextBillingDate);
  const [asking, setAsking] = useState(false);
  const cancel = useCancelPixAutomatico(contractId);
  const answer = useSimulatePixAutomatico(contractId);
  const confirm = useConfirm();
  if (!automatico.isSuccess) return null;
  const { available, recurrence, charges, canSimulate } = automatico.data;
  const play = async (approve: boolean) => {
    try {
      await answer.mutateAsync(approve);
      toast.success(approve ? pixAutomaticoMessages.simulatedApproved : pixAutomaticoMessages.simulatedRejected);
    } catch (err) {
      if (reportedGlobally(err)) return;
      toast.error(err instanceof ApiError && err.messages?.length ? err.messages.join(' ') : messages.requestFailed);
    }
  };
  const over = !recurrence || ['rejeitada', 'cancelada', 'recusada'].includes(recurrence.state);
  const mayAsk = manage && available && active && over;
  const mayCancel = manage && !!recurrence && !over && !recurrence.cancelRequested;
  const onCancel = async () => {
    const ok = await confirm({
      title: 'Cancelar a autorização do Pix Automático?',
      text: 'Os próximos períodos deixam de ser debitados e passam a ser cobrados por Pix com vencimento.',
      confirmLabel: 'Cancelar autorização',
      variant: 'danger',
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync();
      toast.success(pixAutomaticoMessages.cancelAsked);
    } catch {
      toast.error(messages.requestFailed);
    }
  };
  return (
    <section className="card mt-4" aria-labelledby="contract-pix-automatico-title">
      <div className="card-header d-flex justify-content-between align-items-center gap-2">
        <h2 className="h6 mb-0" id="contract-pix-automatico-title">
          Pix Automático
        </h2>
        {recurrence && (
          <Badge bg={stateColours[recurrence.state]} text={recurrence.state === 'aguardando' ? 'dark' : undefined}>
            {recurrenceStateLabels[recurrence.state]}
          </Badge>
        )}
      </div>
      <div className="card-body">
        {!recurrence && (
          <p className="text-body-secondary">
            {available
              ? 'O cliente autoriza uma vez, no aplicativo do banco, o débito de cada período.'
              : 'Conecte o PSP da empresa (Empresa → Pix (PSP)) para pedir o Pix Automático.'}
          </p>
        )}
        {recurrence && (
          <p className="mb-2">
            Primeiro débito em {formatIsoDate(recurrence.firstDate)} · {retryPolicyLabels[recurrence.retryPolicy]}
            {recurrence.lastError && <span className="d-block text-danger">{recurrence.lastError}</span>}
          </p>
        )}
        {recurrence?.cancelRequested && <p className="text-body-secondary mb-0">Cancelamento pedido ao PSP.</p>}
        {mayAsk && (
          <Button variant="outline-primary" onClick={() => setAsking(true)}>
            {recurrence ? 'Pedir de novo' : 'Pedir autorização'}
          </Button>
        )}
        {mayCancel && (
          <Button variant="outline-danger" onClick={onCancel} disabled={cancel.isPending}>
            Cancelar autorização
          </Button>
        )}
        {simulate && canSimulate && (
          <div className="mt-3 border-top pt-2">
            <div className="small text-body-secondary mb-2">
              Demonstração: a empresa está ligada ao PSP de testes. Simule a resposta que o cliente daria no banco.
            </div>
            <div className="d-flex flex-wrap gap-2">
              <ActionButton variant="outline-success" size="sm" action={() => play(true)}>
                Simular aprovação
              </ActionButton>
              <ActionButton variant="outline-danger" size="sm" action={() => play(false)}>
                Simular recusa
              </ActionButton>
            </div>
          </div>
        )}
      </div>
      {charges.length > 0 && (
        <ul className="list-group list-group-flush" aria-label="Cobranças recorrentes">
          {charges.map((c) => {
            const [bg, label] = chargeLabel(c);
            return (
              <li key={c.periodDate} className="list-group-item">
                <div className="money-line">
                  <span>Vencimento {formatIsoDate(c.periodDate)}</span>
                  <strong>{formatMoney(c.amount)}</strong>
                </div>
                <Badge
                  bg={bg}
                  text={bg === 'light' || bg === 'warning' || bg === 'info' ? 'dark' : undefined}
                  className="mt-1"
                >
                  {label}
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
      {mayAsk && <PixAutomaticoModal contractId={contractId} show={asking} onHide={() => setAsking(false)} />}
    </section>
  );
}
