import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  can,
  InvoiceState,
  messages,
  nfseStatusLabels,
  type InvoiceDetail,
  type NfseStatusValue,
} from '@ordem-certa/contracts';
import { toastApiError, ApiError } from '../../../lib/api-client.ts';
import { useOrgPath, useViewer } from '../../../lib/auth.tsx';
import { ActionButton } from '../../../components/action-button.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useNfse } from '../api/get-nfse.ts';
import { useIssueNfse } from '../api/issue-nfse.ts';
import { useRefreshNfse } from '../api/refresh-nfse.ts';
import { refreshInvoice } from '../api/invoice-keys.ts';
import { NfseDetails } from './nfse-details.tsx';
import { CancelModal, SubstituteModal } from './nfse-modals.tsx';
import { OrderWithholdingsBlock } from './nfse-withholdings.tsx';
import { NfseCovers } from './nfse-covers.tsx';

const badgeVariant: Record<NfseStatusValue, { bg: string; text?: 'dark' }> = {
  processing: { bg: 'info', text: 'dark' },
  issued: { bg: 'success' },
  rejected: { bg: 'danger' },
  canceled: { bg: 'secondary' },
  substituted: { bg: 'secondary' },
};

/**
 * The order's NFS-e (admins of organizations with NFS-e): what the note covers (services, and materials
 * when the company includes them) and its value, what the customer withholds and the net,
 * 'Emitir NFS-e' on a completed order with a value, then its status while the national system answers,
 * its number, key and values, the errors of a refusal (and 'Emitir novamente' once the data is fixed),
 * the XML downloads, 'Substituir NFS-e', 'Atualizar situação' and the cancellation.
 */
export function NfseCard({ invoice }: { invoice: InvoiceDetail }) {
  const completed = invoice.statusState === InvoiceState.Completed;
  const query = useNfse(invoice.id, true);
  const issue = useIssueNfse(invoice.id);
  const refresh = useRefreshNfse(invoice.id);
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  // Who may only read the notes (an accountant) sees them without the buttons.
  const issues = can(useViewer(), 'nfse.issue');
  const [problems, setProblems] = useState<string[]>([]);
  const [modal, setModal] = useState<'cancel' | 'substitute' | null>(null);
  const nfse = query.data ?? null;

  // When the national system answers, the order's 'NF' and comments changed too.
  const lastStatus = useRef(nfse?.status);
  useEffect(() => {
    if (lastStatus.current === 'processing' && nfse && nfse.status !== 'processing')
      void refreshInvoice(queryClient, orgPath, invoice.id);
    lastStatus.current = nfse?.status;
  }, [nfse, queryClient, orgPath, invoice.id]);

  if (!completed && !nfse) return null;

  const onIssue = async () => {
    setProblems([]);
    try {
      await issue.mutateAsync();
      toast.info('NFS-e enviada ao sistema nacional');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        setProblems(Object.values(err.fieldErrors).flat());
      } else {
        toastApiError(err, messages.requestFailed);
      }
    }
  };
  const onRefresh = async () => {
    try {
      const answer = await refresh.mutateAsync();
      if (answer.status === 'issued') toast.info('A NFS-e continua válida no sistema nacional');
      else toast.warning(`NFS-e ${nfseStatusLabels[answer.status].toLowerCase()} no sistema nacional`);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };
  const canIssue =
    issues &&
    completed &&
    (!nfse || nfse.status === 'rejected' || nfse.status === 'canceled' || nfse.status === 'substituted');
  const issued = issues && nfse?.status === 'issued';

  return (
    <SectionCard
      title="NFS-e"
      action={
        nfse && (
          <Badge bg={badgeVariant[nfse.status].bg} text={badgeVariant[nfse.status].text} data-testid="nfse-status">
            {nfseStatusLabels[nfse.status]}
          </Badge>
        )
      }
    >
      <NfseCovers invoiceId={invoice.id} />
      <OrderWithholdingsBlock invoiceId={invoice.id} locked={!issues || nfse?.status === 'processing'} />
      {nfse && <NfseDetails invoiceId={invoice.id} nfse={nfse} />}
      {problems.length > 0 && (
        <Alert variant="danger" className="small">
          <ul className="mb-0 ps-3">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        {canIssue && (
          <ActionButton size="sm" action={onIssue}>
            {nfse ? 'Emitir novamente' : 'Emitir NFS-e'}
          </ActionButton>
        )}
        {issued && (
          <>
            <Button size="sm" variant="outline-primary" onClick={() => setModal('substitute')}>
              Substituir NFS-e
            </Button>
            <ActionButton size="sm" variant="outline-secondary" action={onRefresh}>
              Atualizar situação
            </ActionButton>
            <Button size="sm" variant="outline-danger" onClick={() => setModal('cancel')}>
              Cancelar NFS-e
            </Button>
          </>
        )}
      </div>
      {modal === 'cancel' && <CancelModal invoiceId={invoice.id} onClose={() => setModal(null)} />}
      {modal === 'substitute' && (
        <SubstituteModal invoiceId={invoice.id} number={nfse?.number ?? null} onClose={() => setModal(null)} />
      )}
    </SectionCard>
  );
}
