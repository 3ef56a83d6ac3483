import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  messages,
  nfseSubstitutionCodes,
  nfseSubstitutionLabels,
  type NfseSubstitutionCode,
} from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/schema-source.ts';
import { useCancelNfse } from '../api/cancel-nfse.ts';
import { useSubstituteNfse } from '../api/substitute-nfse.ts';

const cancelSchema = lazySchema('nfseCancelBody');
const substituteSchema = lazySchema('nfseSubstituteBody');

/** The field errors of a 422 as one line, or null after a toast for anything else. */
function failure(err: unknown): string | null {
  if (err instanceof ApiError && err.status === 422 && err.fieldErrors)
    return Object.values(err.fieldErrors).flat().join('. ');
  toastApiError(err, messages.requestFailed);
  return null;
}

export function CancelModal({ invoiceId, onClose }: { invoiceId: number; onClose(): void }) {
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
      setError(failure(err));
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

/**
 * 'Substituir NFS-e': a new NFS-e with the order's data as it is now (the customer's data, the
 * withholdings, the description) replaces the issued one, which the national system cancels by
 * substitution once the new one is made.
 */
export function SubstituteModal({
  invoiceId,
  number,
  onClose,
}: {
  invoiceId: number;
  number: string | null;
  onClose(): void;
}) {
  const substitute = useSubstituteNfse(invoiceId);
  const [code, setCode] = useState<NfseSubstitutionCode>('99');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ code?: string; reason?: string }>({});
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const schema = await substituteSchema().catch(() => null);
    if (!schema) {
      setErrors({ reason: messages.requestFailed });
      return;
    }
    const parsed = schema.safeParse({ code, reason });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await substitute.mutateAsync(parsed.data);
      toast.info('Substituição enviada ao sistema nacional');
      onClose();
    } catch (err) {
      const text = failure(err);
      if (text) setErrors({ reason: text });
    }
  };
  return (
    <Modal show onHide={onClose} centered>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Substituir NFS-e{number ? ` nº ${number}` : ''}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small">
            Uma nova NFS-e é emitida com os dados atuais da ordem e do cliente (endereço, retenções, descrição); a atual
            fica cancelada por substituição quando a nova for autorizada. Para mudar valores ou serviços, cancele a
            NFS-e, reabra a ordem e emita outra.
          </p>
          <Form.Group className="mb-3" controlId="nfse-substitute-code">
            <Form.Label>Motivo da substituição</Form.Label>
            <Form.Select
              value={code}
              isInvalid={!!errors.code}
              onChange={(e) => setCode(e.target.value as NfseSubstitutionCode)}
            >
              {nfseSubstitutionCodes.map((c) => (
                <option key={c} value={c}>
                  {nfseSubstitutionLabels[c]}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.code}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="nfse-substitute-reason">
            <Form.Label>Descrição do motivo</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={reason}
              isInvalid={!!errors.reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errors.reason}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" disabled={substitute.isPending}>
            Substituir NFS-e
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
