import { useId } from 'react';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { fillWhatsAppTemplate, type EstimateDetail, type EstimateShareResponse } from '@ordem-certa/contracts';
import { formatDate } from '../../../lib/format.ts';
import { toastApiError } from '../../../lib/api-client.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { ActionButton } from '../../../components/action-button.tsx';
import { CopyField } from '../../../components/copy-field.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { WhatsAppButton } from '../../../components/whatsapp/whatsapp-button.tsx';
import { useWhatsAppTemplate } from '../../../components/whatsapp/use-whatsapp-template.ts';
import { useRevokeShare } from '../api/share.ts';

/** What sending the link needs to know of the estimate. */
export type SharedEstimate = Pick<
  EstimateDetail,
  'id' | 'number' | 'companyId' | 'companyName' | 'customerName' | 'customerPhone' | 'customerPhoneE164'
>;

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

/**
 * The approval link sent to the customer's mobile on WhatsApp, in the company's estimate message (the
 * default one should the template not load).
 */
function SendApprovalLink({ estimate, link }: { estimate: SharedEstimate; link: string }) {
  const template = useWhatsAppTemplate(estimate.companyId);
  const message = template.isPending
    ? undefined
    : fillWhatsAppTemplate(
        template.data?.estimateTemplate,
        { number: estimate.number, customer: estimate.customerName, company: estimate.companyName, link },
        'estimate',
      );
  return <WhatsAppButton phone={estimate.customerPhone} phoneE164={estimate.customerPhoneE164} message={message} />;
}

/** The link with its copy button, its validity, and the button that sends it on WhatsApp. */
function LinkBody({ estimate, share }: { estimate: SharedEstimate; share: EstimateShareResponse }) {
  const id = useId();
  const link = absoluteLink(share.url);
  return (
    <>
      <CopyField id={`${id}-link`} label="Link público (sem login)" value={link} />
      <div className="small text-body-secondary mt-2" data-testid="share-valid-until">
        Válido até {formatDate(share.expiresAt)}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <SendApprovalLink estimate={estimate} link={link} />
      </div>
    </>
  );
}

/** The link just made by 'Compartilhar link', to copy and send to the customer. */
export function ShareLinkModal({
  estimate,
  share,
  onHide,
}: {
  estimate: SharedEstimate;
  share: EstimateShareResponse | null;
  onHide(): void;
}) {
  const revoke = useRevoke(estimate.id);
  return (
    <AppModal
      show={!!share}
      onHide={onHide}
      title={`Link do orçamento nº ${estimate.number}`}
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
      {share && <LinkBody estimate={estimate} share={share} />}
    </AppModal>
  );
}

/** The live link on the estimate's screen, while it works. */
export function ShareLinkCard({ estimate, share }: { estimate: SharedEstimate; share: EstimateShareResponse }) {
  const revoke = useRevoke(estimate.id);
  return (
    <SectionCard
      title="Link para o cliente"
      action={
        <ActionButton size="sm" variant="outline-danger" action={revoke}>
          Revogar link
        </ActionButton>
      }
    >
      <LinkBody estimate={estimate} share={share} />
    </SectionCard>
  );
}
