import { Alert, Badge } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { messages, paperworkMessages, type InvoiceDetail } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useRenewSignLink } from '../api/renew-sign-link.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { pngSize } from '../../../lib/png-size.ts';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { usePendingFor } from '../../../lib/offline/outbox-runtime.ts';
import { BlobImage } from '../../../components/blob-image.tsx';
import { useSignatureImage } from '../api/get-signature-image.ts';

/**
 * The customer's signature: the image and its evidence once signed, marked when the order changed
 * after signing; the admin can revoke the signing link and issue a new one while it is in use.
 */
export function SignatureCard({ invoice, renewsLink }: { invoice: InvoiceDetail; renewsLink: boolean }) {
  const s = invoice.signature;
  // Signed on this phone without a network: shown until the server has it.
  const waiting = usePendingFor(invoice.id).find((i) => i.kind === 'signature');
  const renew = useRenewSignLink(invoice.id);
  const confirm = useConfirm();
  const onRenew = async () => {
    const ok = await confirm({
      title: 'Gerar novo link de assinatura?',
      text: `${paperworkMessages.renewLinkConfirm} ${messages.confirmIrreversible}`,
      confirmLabel: 'Gerar novo link',
    });
    if (!ok) return;
    try {
      await renew.mutateAsync();
      toast.success(paperworkMessages.linkRenewed);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };

  return (
    <SectionCard
      title="Assinatura do cliente"
      action={
        waiting ? (
          <PendingBadge refused={!!waiting.problem} />
        ) : invoice.isSigned ? (
          <Badge bg="success">Assinada</Badge>
        ) : s?.isOutdated ? (
          <Badge bg="warning" text="dark">
            Desatualizada
          </Badge>
        ) : (
          <Badge bg="light" text="dark" className="border">
            Não assinada
          </Badge>
        )
      }
    >
      {waiting ? (
        <figure className="mb-0" data-testid="pending-signature">
          {waiting.show.signature && (
            <img
              src={waiting.show.signature}
              {...pngSize(waiting.show.signature)}
              alt={`Assinatura de ${waiting.show.signerName ?? ''} (pendente de envio)`}
              className="signature-image border rounded bg-white"
            />
          )}
          <figcaption className="small mt-2">
            <div className="fw-semibold">{waiting.show.signerName}</div>
            <div className="text-body-secondary">
              Assinada neste aparelho em {formatDateTime(new Date(waiting.createdAt))}; será enviada quando houver
              conexão.
            </div>
            {waiting.problem && <div className="text-danger">{waiting.problem.message}</div>}
          </figcaption>
        </figure>
      ) : s ? (
        <figure className="mb-0" data-testid="invoice-signature">
          <SignatureImage invoiceId={invoice.id} signature={s} />
          <figcaption className="small mt-2">
            <div className="fw-semibold">{s.signerName}</div>
            <div className="text-body-secondary">
              Assinada em {formatDateTime(s.signedAt)} · IP {s.ip}
            </div>
          </figcaption>
          {s.isOutdated && (
            <Alert variant="warning" className="small mt-2 mb-0 py-2">
              {paperworkMessages.signatureOutdated} Colete uma nova assinatura.
            </Alert>
          )}
        </figure>
      ) : (
        <p className="text-body-secondary small mb-0">Aguardando a assinatura do cliente.</p>
      )}
      {renewsLink && invoice.signUrl && (
        <ActionButton size="sm" variant="link" className="px-0 mt-2" action={onRenew}>
          Gerar novo link de assinatura
        </ActionButton>
      )}
    </SectionCard>
  );
}

/**
 * The signature's image, loaded after the order (its own request): until it comes, a box of its size
 * keeps the evidence below in place.
 */
function SignatureImage({
  invoiceId,
  signature: s,
}: {
  invoiceId: number;
  signature: NonNullable<InvoiceDetail['signature']>;
}) {
  const image = useSignatureImage(invoiceId, s.id);
  const className = `signature-image border rounded bg-white ${s.isOutdated ? 'signature-outdated' : ''}`;
  const size = s.width && s.height ? { width: s.width, height: s.height } : {};
  if (image.data) {
    return <BlobImage blob={image.data} alt={`Assinatura de ${s.signerName}`} className={className} {...size} />;
  }
  return (
    <div
      className={`${className} signature-placeholder d-flex align-items-center justify-content-center small text-body-secondary`}
      style={s.width && s.height ? { aspectRatio: `${s.width} / ${s.height}`, width: s.width } : undefined}
      role={image.isError ? 'alert' : undefined}
    >
      {image.isError ? 'Não foi possível carregar a imagem da assinatura.' : null}
    </div>
  );
}
