import { useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import {
  can,
  pixRefundMessages,
  pixRefundStatusLabels,
  type PixPayments,
  type PixRefundBody,
  type PixRefundStatus,
} from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { lazySchema } from '../../../lib/schema-source.ts';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { MoneyField } from '../../../components/register-form.tsx';
import { useRefundPix } from '../api/pix-refunds.ts';

const refundSchema = lazySchema('pixRefundBody');
type PixPayment = PixPayments['data'][number];

const statusVariant: Record<PixRefundStatus, string> = {
  creating: 'secondary',
  EM_PROCESSAMENTO: 'warning',
  DEVOLVIDO: 'success',
  NAO_REALIZADO: 'danger',
};

/** Under a payment that came by Pix: its refunds, and 'Devolver' while something of it can go back. */
export function PixRefunds({ invoiceId, pix }: { invoiceId: number; pix: PixPayment }) {
  const [show, setShow] = useState(false);
  // Who only reads payments (an accountant) sees the refunds without the button that makes one.
  const records = can(useViewer(), 'payment.record');
  return (
    <>
      {pix.refunds.map((r) => (
        <div key={r.id} className="money-line small" data-testid="pix-refund">
          <span>
            Devolução de {formatMoney(r.amount)}{' '}
            <Badge bg={statusVariant[r.status]} text={r.status === 'EM_PROCESSAMENTO' ? 'dark' : undefined}>
              {pixRefundStatusLabels[r.status]}
            </Badge>
            {r.error && r.status !== 'DEVOLVIDO' && <span className="d-block text-body-secondary">{r.error}</span>}
          </span>
        </div>
      ))}
      {records && pix.paymentId !== null && pix.refundable > 0 && (
        <div className="money-line small">
          <span />
          <Button
            size="sm"
            variant="link"
            className="p-0"
            aria-label={`Devolver o Pix de ${formatMoney(pix.amount)}`}
            onClick={() => setShow(true)}
          >
            Devolver
          </Button>
        </div>
      )}
      {pix.paymentId !== null && (
        <RefundModal invoiceId={invoiceId} pix={pix} show={show} onHide={() => setShow(false)} />
      )}
    </>
  );
}

function RefundModal({
  invoiceId,
  pix,
  show,
  onHide,
}: {
  invoiceId: number;
  pix: PixPayment;
  show: boolean;
  onHide(): void;
}) {
  const refund = useRefundPix(invoiceId, pix.paymentId!);
  const values = { amount: pix.refundable, reason: '' };
  const send = (body: PixRefundBody) => refund.mutateAsync(body);
  const form = useActionForm(refundSchema, values, { show, onHide, send, done: pixRefundMessages.requested });
  const { errors } = form.formState;
  return (
    <ActionModal {...form.modal} title="Devolver Pix" formId="pix-refund-form" label="Devolver" variant="danger">
      <p className="mb-3">
        O PSP devolve o valor ao pagador. O pagamento desta ordem é estornado quando o PSP confirmar a devolução. Pode
        ser devolvido até <strong>{formatMoney(pix.refundable)}</strong>.
      </p>
      <MoneyField
        control={form.control}
        name="amount"
        id="pix-refund-amount"
        label="Valor a devolver"
        error={errors.amount?.message}
      />
      <Form.Group controlId="pix-refund-reason">
        <Form.Label>Motivo (opcional)</Form.Label>
        <Form.Control maxLength={140} isInvalid={!!errors.reason} {...form.register('reason')} />
        <Form.Control.Feedback type="invalid">{errors.reason?.message}</Form.Control.Feedback>
      </Form.Group>
    </ActionModal>
  );
}

/** The Pix given back whole: their payment is gone from the list, their refunds stay in sight. */
export function ReturnedPix({ invoiceId, pix }: { invoiceId: number; pix: PixPayment[] }) {
  const returned = pix.filter((x) => x.paymentId === null && x.refunds.length);
  if (!returned.length) return null;
  return (
    <ul className="money-list list-unstyled mb-2" aria-label="Pix devolvidos">
      {returned.map((x) => (
        <li key={x.endToEndId}>
          <div className="money-line small text-body-secondary">
            <span>Pix de {formatMoney(x.amount)} estornado</span>
          </div>
          <PixRefunds invoiceId={invoiceId} pix={x} />
        </li>
      ))}
    </ul>
  );
}
