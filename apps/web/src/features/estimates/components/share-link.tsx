import { useId } from 'react';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { formatDate, type EstimateShareResponse } from '@oficina/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { ActionButton } from '../../../components/action-button.tsx';
import { CopyField } from '../../../components/copy-field.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useRevokeShare } from '../api/share.ts';

/** The link the customer opens: the server gives it relative to the app. */
export const absoluteLink = (url: string) => new URL(url, window.location.origin).href;

/** Asks, revokes, and says so only once the server did; returns whether the link is gone. */
export function useRevoke(estimateId: number) {
  const revoke = useRevokeShare(estimateId);
  const confirm = useConfirm();
  return async () => {
    const ok = await confirm({
      title: 'Revogar link',
      text: 'O cliente não poderá mais abrir este link para ver, aprovar ou recusar o orçamento.',
      confirmLabel: 'Revogar link',
      variant: 'danger',
    });
    if (!ok) return false;
    try {
      await revoke.mutateAsync();
    } catch (err) {
      toastApiError(err, 'Não foi possível revogar o link');
      return false;
    }
    toast.success('Link revogado');
    return true;
  };
}

/** The link with its copy button and its validity. */
function LinkBody({ share }: { share: EstimateShareResponse }) {
  const id = useId();
  return (
    <>
      <CopyField id={`${id}-link`} label="Link público (sem login)" value={absoluteLink(share.url)} />
      <div className="small text-body-secondary mt-2" data-testid="share-valid-until">
        Válido até {formatDate(share.expiresAt)}
      </div>
    </>
  );
}

/** The link just made by 'Compartilhar link', to copy and send to the customer. */
export function ShareLinkModal({
  estimateId,
  number,
  share,
  onHide,
}: {
  estimateId: number;
  number: number;
  share: EstimateShareResponse | null;
  onHide(): void;
}) {
  const revoke = useRevoke(estimateId);
  return (
    <AppModal
      show={!!share}
      onHide={onHide}
      title={`Link do orçamento nº ${number}`}
      footer={
        <>
          <ActionButton
            variant="outline-danger"
            action={async () => {
              if (await revoke()) onHide();
            }}
          >
            Revogar link
          </ActionButton>
          <Button onClick={onHide}>Fechar</Button>
        </>
      }
    >
      <p className="small text-body-secondary">
        Envie este link ao cliente: ele vê o orçamento e pode aprovar ou recusar sem precisar de login.
      </p>
      {share && <LinkBody share={share} />}
    </AppModal>
  );
}

/** The live link on the estimate's screen, while it works. */
export function ShareLinkCard({ estimateId, share }: { estimateId: number; share: EstimateShareResponse }) {
  const revoke = useRevoke(estimateId);
  return (
    <SectionCard
      title="Link para o cliente"
      action={
        <ActionButton size="sm" variant="outline-danger" action={revoke}>
          Revogar link
        </ActionButton>
      }
    >
      <LinkBody share={share} />
    </SectionCard>
  );
}
