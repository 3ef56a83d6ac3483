import { useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import type { PortalEstimate } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useAnswerEstimate } from '../api/answer-estimate.ts';

/** An estimate sent to the customer: its total and status; an open one is approved or declined here. */
export function EstimateCard({ estimate, customerName }: { estimate: PortalEstimate; customerName: string }) {
  const answer = useAnswerEstimate(estimate.id);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const decide = async (decision: 'approve' | 'decline') => {
    try {
      const contentHash = estimate.contentHash ?? undefined;
      await answer.mutateAsync(
        decision === 'approve'
          ? { decision, body: { name: customerName, contentHash } }
          : { decision, body: { name: customerName, reason: reason || undefined, contentHash } },
      );
      toast.success(decision === 'approve' ? 'Orçamento aprovado. Obrigado!' : 'Resposta enviada.');
    } catch (err) {
      toastApiError(err, 'Não foi possível enviar a resposta. Tente novamente.');
    }
  };
  const label = estimate.decision === 'declined' ? 'Recusado' : estimate.statusLabel;
  return (
    <Card className="mb-2" data-testid={`portal-estimate-${estimate.number}`}>
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2">
          <div>
            <div className="fw-semibold">Orçamento nº {estimate.number}</div>
            <div className="small text-body-secondary">{formatDate(estimate.createdAt)}</div>
          </div>
          <div className="text-end">
            <div className="fw-semibold">{formatMoney(estimate.total)}</div>
            <Badge bg={estimate.decision === 'approved' || estimate.status === 10 ? 'success' : 'secondary'}>
              {label}
            </Badge>
          </div>
        </div>
        {estimate.pageUrl && (
          <a href={estimate.pageUrl} className="d-inline-block mt-2">
            Ver detalhes e PDF
          </a>
        )}
        {estimate.canDecide && !declining && (
          <div className="d-flex gap-2 mt-2">
            <Button onClick={() => void decide('approve')} disabled={answer.isPending}>
              Aprovar
            </Button>
            <Button variant="outline-danger" onClick={() => setDeclining(true)} disabled={answer.isPending}>
              Recusar
            </Button>
          </div>
        )}
        {estimate.canDecide && declining && (
          <Form
            className="mt-2"
            onSubmit={(e) => {
              e.preventDefault();
              void decide('decline');
            }}
          >
            <Form.Group controlId={`decline-${estimate.id}`} className="mb-2">
              <Form.Label>Motivo (opcional)</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={reason}
                maxLength={1000}
                onChange={(e) => setReason(e.target.value)}
              />
            </Form.Group>
            <div className="d-flex gap-2">
              <Button type="submit" variant="danger" disabled={answer.isPending}>
                Confirmar recusa
              </Button>
              <Button variant="outline-secondary" onClick={() => setDeclining(false)}>
                Voltar
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
