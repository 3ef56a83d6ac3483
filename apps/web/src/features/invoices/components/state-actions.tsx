import { useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import {
  can,
  allowedInvoiceChanges,
  InvoiceState,
  invoiceMessages,
  signatureWarning,
  type InvoiceDetail,
  type InvoiceStateValue,
} from '@ordem-certa/contracts';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client.ts';
import { useOrgPath, useViewer } from '../../../lib/auth.tsx';
import { OutboxFullError, QUEUED_MESSAGE, sendOrQueue, usePendingFor } from '../../../lib/offline/outbox-runtime.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { AppModal } from '../../../components/app-modal.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useStatusOptions } from '../../../components/invoices/api/get-status-options.ts';
import { allowedChangesQueryOptions, useAllowedChanges } from '../api/get-allowed-changes.ts';
import { stateChangePath, useChangeState, type StateChange } from '../api/change-state.ts';
import { toastStateChangeFailed } from './notify.ts';

/** The buttons in the order they read best: forward first, cancel last. */
const order = [
  InvoiceState.Wip,
  InvoiceState.Todo,
  InvoiceState.Blocked,
  InvoiceState.Completed,
  InvoiceState.Canceled,
];

function labelOf(target: number, startedAt: string | null) {
  switch (target) {
    case InvoiceState.Wip:
      return startedAt ? 'Reabrir' : 'Iniciar';
    case InvoiceState.Todo:
      return 'Marcar como Não Iniciado';
    case InvoiceState.Blocked:
      return 'Bloquear';
    case InvoiceState.Canceled:
      return 'Cancelar';
    case InvoiceState.Completed:
      return 'Concluir';
    default:
      return String(target);
  }
}

const variantOf: Record<number, string> = {
  [InvoiceState.Wip]: 'primary',
  [InvoiceState.Todo]: 'outline-secondary',
  [InvoiceState.Blocked]: 'outline-warning',
  [InvoiceState.Completed]: 'success',
  [InvoiceState.Canceled]: 'outline-danger',
};

/**
 * The state buttons: only the targets the server allows now (GET allowed-changes). Todo, Wip and
 * Completed ask for confirmation first; Bloquear and Cancelar ask for a reason among the statuses of
 * that state. Just before sending, the allowed list is read again: a stale screen gets 'Não é possível
 * atualizar esta Ordem de Serviço' instead of a confusing refusal.
 */
export function StateActions({ invoice }: { invoice: InvoiceDetail }) {
  const orgPath = useOrgPath();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const allowed = useAllowedChanges(invoice.id);
  const change = useChangeState(invoice.id);
  const confirm = useConfirm();
  const [reasonFor, setReasonFor] = useState<number | null>(null);
  // A change made offline and not sent yet: the next ones follow from it (start, then complete).
  const pending = usePendingFor(invoice.id);
  const pendingTarget = pending.filter((i) => i.kind === 'state').at(-1)?.show.target;
  // A signature collected on this phone without signal and not sent yet: the order is signed, and
  // 'Concluir' does not warn that it is not.
  const signedHere = pending.some((i) => i.kind === 'signature');

  const run = async (next: StateChange) => {
    if (pendingTarget === undefined && navigator.onLine !== false) {
      try {
        const fresh = await queryClient.fetchQuery({
          ...allowedChangesQueryOptions(orgPath, invoice.id),
          staleTime: 0,
        });
        if (!fresh.data.includes(next.target)) {
          toast.error(invoiceMessages.notAllowed);
          return false;
        }
      } catch (err) {
        // No answer: the change is queued below; any other failure is the screen's usual error.
        if (!(err instanceof ApiError && err.status === 0)) {
          toastStateChangeFailed(err);
          return false;
        }
      }
    }
    // The change carries the order as this screen showed it: a change made on a stale screen is
    // refused when the order's state moved meanwhile, online or replayed from the phone.
    // Behind a change still on the phone, it is made from the state that one leads to.
    const from = { version: invoice.version, statusState: invoice.statusState, statusId: invoice.statusId };
    const madeFrom =
      pendingTarget === undefined
        ? { statusState: from.statusState, statusId: from.statusId }
        : { statusState: pendingTarget };
    try {
      const outcome = await sendOrQueue(
        {
          key: newIdempotencyKey(),
          kind: 'state',
          invoiceId: invoice.id,
          label: `${labelOf(next.target, invoice.startedAt)} (OS ${invoice.number})`,
          request: { path: `${orgPath}/${stateChangePath(invoice.id, next)}`, json: { version: from.version } },
          madeFrom,
          show: { target: next.target },
        },
        (key) => change.mutateAsync({ ...next, key, ...(pendingTarget === undefined ? { from } : {}) }),
      );
      toast.success(outcome === 'sent' ? 'Status da Ordem de Serviço alterado' : QUEUED_MESSAGE);
      return true;
    } catch (err) {
      if (err instanceof OutboxFullError) toast.error(err.message);
      else toastStateChangeFailed(err);
      return false;
    }
  };

  const onClick = async (target: number) => {
    if (target === InvoiceState.Blocked || target === InvoiceState.Canceled) {
      setReasonFor(target);
      return;
    }
    // Completing an order the customer has not (validly) signed is allowed, after a warning.
    const warning = target === InvoiceState.Completed && !signedHere ? signatureWarning(invoice) : null;
    const ok = await confirm({
      title: labelOf(target, invoice.startedAt),
      text: warning ? `${warning} ${invoiceMessages.confirmStatus}` : invoiceMessages.confirmStatus,
      confirmLabel: labelOf(target, invoice.startedAt),
      variant: 'primary',
    });
    if (ok) await run({ target });
  };

  const allowedNow =
    pendingTarget === undefined
      ? (allowed.data?.data ?? [])
      : allowedInvoiceChanges(pendingTarget as InvoiceStateValue, { viewer, isPaid: invoice.isPaid });
  // Cancelling has its own permission; every other move is working the order (the server's rule too).
  const targets = order.filter(
    (s) => allowedNow.includes(s) && (s === InvoiceState.Canceled || can(viewer, 'invoice.work')),
  );
  if (targets.length === 0) return null;
  return (
    <>
      {targets.map((target) => (
        <ActionButton key={target} variant={variantOf[target]} className="state-button" action={() => onClick(target)}>
          {labelOf(target, invoice.startedAt)}
        </ActionButton>
      ))}
      <ReasonModal
        target={reasonFor}
        onHide={() => setReasonFor(null)}
        onConfirm={async (statusId) => {
          if (reasonFor === null) return;
          if (await run({ target: reasonFor, statusId })) setReasonFor(null);
        }}
      />
    </>
  );
}

/** 'Bloquear' / 'Cancelar': the reason is one of the organization's statuses of that state. */
function ReasonModal({
  target,
  onHide,
  onConfirm,
}: {
  target: number | null;
  onHide(): void;
  onConfirm(statusId: number): Promise<void>;
}) {
  const [statusId, setStatusId] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const statuses = useStatusOptions(target ?? undefined, target !== null);
  const isCancel = target === InvoiceState.Canceled;
  const title = isCancel ? 'Cancelar Ordem de Serviço' : 'Bloquear Ordem de Serviço';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!statusId) {
      setError('Selecione o motivo');
      return;
    }
    setBusy(true);
    try {
      await onConfirm(Number(statusId));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      show={target !== null}
      onHide={onHide}
      onExited={() => {
        setStatusId('');
        setError('');
      }}
      title={title}
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            Voltar
          </Button>
          <Button type="submit" form="state-reason-form" variant={isCancel ? 'danger' : 'warning'} disabled={busy}>
            {busy && <Spinner size="sm" className="me-2" aria-hidden />}
            {isCancel ? 'Cancelar' : 'Bloquear'}
          </Button>
        </>
      }
    >
      <Form id="state-reason-form" noValidate onSubmit={submit}>
        <Form.Group controlId="state-reason">
          <Form.Label>Motivo</Form.Label>
          {statuses.isPending ? (
            <div>
              <Spinner size="sm" />
            </div>
          ) : (
            <Form.Select
              value={statusId}
              isInvalid={!!error}
              onChange={(e) => {
                setStatusId(e.target.value);
                setError('');
              }}
            >
              <option value="">Selecione o motivo</option>
              {statuses.data?.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </Form.Select>
          )}
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
        <p className="text-body-secondary small mt-3 mb-0">
          {isCancel ? invoiceMessages.confirmCancel : invoiceMessages.confirmStatus}
        </p>
      </Form>
    </AppModal>
  );
}
