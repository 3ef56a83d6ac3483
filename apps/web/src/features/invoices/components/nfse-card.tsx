import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Form, Modal } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  InvoiceState,
  messages,
  nfseEnvironmentLabels,
  nfseStatusLabels,
  type InvoiceDetail,
  type Nfse,
  type NfseStatusValue,
} from '@ordem-certa/contracts';
import { toastApiError, ApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { lazySchema } from '../../../lib/schema-source.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useNfse } from '../api/get-nfse.ts';
import { useIssueNfse } from '../api/issue-nfse.ts';
import { useCancelNfse } from '../api/cancel-nfse.ts';
import { useDownloadNfseXml, type NfseXmlFile } from '../api/download-nfse-xml.ts';
import { refreshInvoice } from '../api/invoice-keys.ts';

const cancelSchema = lazySchema('nfseCancelBody');

const badgeVariant: Record<NfseStatusValue, { bg: string; text?: 'dark' }> = {
  processing: { bg: 'info', text: 'dark' },
  issued: { bg: 'success' },
  rejected: { bg: 'danger' },
  canceled: { bg: 'secondary' },
  substituted: { bg: 'secondary' },
};

/**
 * The order's NFS-e (admins of organizations with NFS-e): 'Emitir NFS-e' on a completed order with a
 * value, then its status while the national system answers, its number and access key, the errors of a
 * rejection (and 'Emitir novamente' once the data is fixed), the XML downloads and the cancellation.
 */
export function NfseCard({ invoice }: { invoice: InvoiceDetail }) {
  const completed = invoice.statusState === InvoiceState.Completed;
  const query = useNfse(invoice.id, true);
  const issue = useIssueNfse(invoice.id);
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<string[]>([]);
  const [canceling, setCanceling] = useState(false);
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
  const canIssue = completed && (!nfse || nfse.status === 'rejected' || nfse.status === 'canceled');

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
        {nfse?.status === 'issued' && (
          <Button size="sm" variant="outline-danger" onClick={() => setCanceling(true)}>
            Cancelar NFS-e
          </Button>
        )}
      </div>
      {canceling && <CancelModal invoiceId={invoice.id} onClose={() => setCanceling(false)} />}
    </SectionCard>
  );
}

function NfseDetails({ invoiceId, nfse }: { invoiceId: number; nfse: Nfse }) {
  const download = useDownloadNfseXml(invoiceId);
  const get = (file: NfseXmlFile) =>
    download.mutateAsync(file).catch((err) => toastApiError(err, messages.requestFailed));
  return (
    <>
      <dl className="nfse-facts small mb-2">
        {nfse.number && (
          <>
            <dt>Número</dt>
            <dd className="fs-5 fw-semibold mb-1" data-testid="nfse-number">
              {nfse.number}
            </dd>
          </>
        )}
        {nfse.issuedAt && (
          <>
            <dt>Emitida em</dt>
            <dd>{formatDateTime(nfse.issuedAt)}</dd>
          </>
        )}
        {nfse.accessKey && (
          <>
            <dt>Chave de acesso</dt>
            <dd className="font-monospace">{nfse.accessKey.replace(/(\d{4})(?=\d)/g, '$1 ')}</dd>
          </>
        )}
        <dt>DPS</dt>
        <dd>
          Série {nfse.dpsSeries}, nº {nfse.dpsNumber} · {nfseEnvironmentLabels[nfse.environment]}
        </dd>
        {nfse.canceledAt && (
          <>
            <dt>Cancelada em</dt>
            <dd>
              {formatDateTime(nfse.canceledAt)}: {nfse.cancelReason}
            </dd>
          </>
        )}
      </dl>
      {nfse.status === 'processing' && (
        <p className="small text-body-secondary">
          Aguardando a resposta do sistema nacional
          {nfse.lastError ? ` (nova tentativa em breve: ${nfse.lastError})` : '…'}
        </p>
      )}
      {nfse.errors.length > 0 && (
        <Alert variant="danger" className="small" data-testid="nfse-errors">
          <p className="fw-semibold mb-1">O sistema nacional recusou a DPS:</p>
          <ul className="mb-0 ps-3">
            {nfse.errors.map((e) => (
              <li key={`${e.code}-${e.message}`}>
                <span className="font-monospace">{e.code}</span> {e.message}
              </li>
            ))}
          </ul>
          <p className="mb-0 mt-1">Corrija os dados e emita novamente.</p>
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Button size="sm" variant="outline-secondary" onClick={() => get('dps.xml')}>
          XML da DPS
        </Button>
        {nfse.hasNfseXml && (
          <Button size="sm" variant="outline-secondary" onClick={() => get('nfse.xml')}>
            XML da NFS-e
          </Button>
        )}
        {nfse.hasCancelXml && (
          <Button size="sm" variant="outline-secondary" onClick={() => get('cancel.xml')}>
            XML do cancelamento
          </Button>
        )}
      </div>
    </>
  );
}

function CancelModal({ invoiceId, onClose }: { invoiceId: number; onClose(): void }) {
  const cancel = useCancelNfse(invoiceId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The check's code comes on first use: without it (no network), say so instead of failing silently.
    const schema = await cancelSchema().catch(() => null);
    if (!schema) {
      setError(messages.requestFailed);
      return;
    }
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.invalidFormat);
      return;
    }
    try {
      await cancel.mutateAsync(parsed.data);
      toast.success('NFS-e cancelada');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors)
        setError(Object.values(err.fieldErrors).flat().join('. '));
      else toastApiError(err, messages.requestFailed);
    }
  };
  return (
    <Modal show onHide={onClose} centered>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Cancelar NFS-e
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small">O cancelamento é enviado ao sistema nacional e não poderá ser desfeito.</p>
          <Form.Group controlId="nfse-cancel-reason">
            <Form.Label>Motivo</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={reason}
              isInvalid={!!error}
              onChange={(e) => setReason(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" variant="danger" disabled={cancel.isPending}>
            Cancelar NFS-e
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
