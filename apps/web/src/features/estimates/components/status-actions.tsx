import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  can,
  EstimateStatus,
  estimateMessages,
  estimateStatusLabels,
  type EstimateDetail,
  type EstimateShareResponse,
  type EstimateStatusValue,
} from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { useViewer } from '../../../lib/auth.tsx';
import { ActionButton } from '../../../components/action-button.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useChangeStatus } from '../api/change-status.ts';
import { useVersionedSave } from '../../../components/version-conflict.tsx';
import { useRequestPdf } from '../api/request-pdf.ts';
import { useShareEstimate } from '../api/share.ts';
import { EstimateEmailModal } from './email-modal.tsx';
import { ShareLinkModal } from './share-link.tsx';
import { GenerateOrdersModal } from './generate-orders-modal.tsx';

/**
 * The estimate's buttons, each status change after an irreversible-action confirmation. Which ones
 * show comes from the server's allowed statuses: 'Iniciar' on Draft, 'Aprovar' on Wip, 'Cancelar' on
 * Draft and on Wip (the state machine allows canceling a quote in progress), 'Gerar Ordens de Serviço'
 * on Completed; PDF and e-mail in every status (a draft's PDF is marked as a draft); 'Compartilhar link'
 * on Draft and Wip, which gives the customer's link (a new one replaces the live one, after asking).
 */
export function StatusActions({ estimate }: { estimate: EstimateDetail }) {
  const change = useChangeStatus(estimate.id);
  const pdf = useRequestPdf(estimate.id);
  const confirm = useConfirm();
  const [emailing, setEmailing] = useState(false);
  const [generating, setGenerating] = useState(false);
  const share = useShareEstimate(estimate.id);
  const [shared, setShared] = useState<EstimateShareResponse | null>(null);
  // Only an open quote is shared (a draft shared moves to Em Andamento).
  const shareable = estimate.status === EstimateStatus.Draft || estimate.status === EstimateStatus.Wip;
  const viewer = useViewer();
  // The moves are the server's for this estimate; who may make them, send it or turn it into orders, the role's.
  const allowed = can(viewer, 'estimate.approve') ? estimate.allowedStatuses : [];
  const sends = can(viewer, 'estimate.send');
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) toast.error((err.messages ?? []).join(' '));
    else toastApiError(err, estimateMessages.statusFailed);
  };
  const versioned = useVersionedSave({
    fields: [
      { name: 'status', label: 'Situação', format: (v) => estimateStatusLabels[v as EstimateStatusValue] ?? '' },
    ],
    write: (body: { status: EstimateStatusValue }) => change.mutateAsync(body),
    onSaved: () => toast.success(estimateMessages.statusChanged),
    onReload: () => undefined,
    onError: failed,
  });
  const move = async (status: EstimateStatusValue, label: string) => {
    const explained = estimateMessages.moveExplained[status];
    const text = explained ? `${explained} ${estimateMessages.confirmStatus}` : estimateMessages.confirmStatus;
    if (!(await confirm({ text, confirmLabel: label }))) return;
    try {
      await versioned.save({ status }, { status: estimate.status }, estimate.version);
    } catch (err) {
      failed(err);
    }
  };
  const openPdf = async () => {
    // The tab opens at once (a pop-up blocker allows that) and gets the link when it arrives.
    const tab = window.open('', '_blank');
    try {
      const { url } = await pdf.mutateAsync();
      if (tab) tab.location.href = url;
      else toast.error('Pop-up bloqueado! Por favor, habilite essa funcionalidade');
    } catch (err) {
      tab?.close();
      toastApiError(err, estimateMessages.statusFailed);
    }
  };
  const shareLink = async () => {
    if (
      estimate.share &&
      !(await confirm({
        title: 'Novo link',
        text: 'Um novo link substitui o atual, que deixa de funcionar.',
        confirmLabel: 'Gerar novo link',
      }))
    )
      return;
    try {
      setShared(await share.mutateAsync());
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) toast.error((err.messages ?? []).join(' '));
      else toastApiError(err, 'Não foi possível compartilhar o orçamento');
    }
  };
  return (
    <>
      {allowed.includes(EstimateStatus.Wip) && (
        <ActionButton
          variant="primary"
          title="Passa o orçamento para Em Andamento, à espera da aprovação do cliente"
          action={() => move(EstimateStatus.Wip, 'Iniciar')}
        >
          Iniciar
        </ActionButton>
      )}
      {allowed.includes(EstimateStatus.Completed) && (
        <ActionButton variant="success" action={() => move(EstimateStatus.Completed, 'Aprovar')}>
          Aprovar
        </ActionButton>
      )}
      {estimate.status === EstimateStatus.Completed && can(viewer, 'invoice.create') && (
        <Button variant="primary" onClick={() => setGenerating(true)}>
          Gerar Ordens de Serviço
        </Button>
      )}
      {sends && (
        <ActionButton variant="outline-secondary" action={openPdf}>
          PDF
        </ActionButton>
      )}
      {sends && (
        <Button variant="outline-secondary" onClick={() => setEmailing(true)}>
          Enviar por e-mail
        </Button>
      )}
      {shareable && sends && (
        <ActionButton variant="outline-secondary" action={shareLink}>
          Compartilhar link
        </ActionButton>
      )}
      {allowed.includes(EstimateStatus.Canceled) && (
        <ActionButton variant="outline-danger" action={() => move(EstimateStatus.Canceled, 'Cancelar orçamento')}>
          Cancelar
        </ActionButton>
      )}
      <ShareLinkModal estimate={estimate} share={shared} onHide={() => setShared(null)} />
      <EstimateEmailModal estimate={estimate} show={emailing} onHide={() => setEmailing(false)} />
      {estimate.status === EstimateStatus.Completed && (
        <GenerateOrdersModal estimate={estimate} show={generating} onHide={() => setGenerating(false)} />
      )}
      {versioned.screen}
    </>
  );
}
