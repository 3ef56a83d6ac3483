import { useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  can,
  InvoiceState,
  messages,
  paymentMessages,
  paymentMethodLabel,
  receivableStatusLabels,
  type CreateInstallmentsBody,
  type CreatePaymentBody,
  type InvoiceDetail,
  type InvoiceInstallment,
  type InvoicePayment,
  type ReceivableStatus,
} from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { lazySchema } from '../../../lib/schema-source.ts';
import { todayIso } from '../../../lib/time-zone.ts';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { isoToBr } from '../../../components/date-input.tsx';
import { MoneyField } from '../../../components/register-form.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PaymentMethodSelect } from '../../../components/payments/payment-method-select.tsx';
import { ReceiveModal } from '../../../components/payments/receive-modal.tsx';
import { usePayments } from '../api/get-payments.ts';
import { useAddPayment } from '../api/add-payment.ts';
import { useRemovePayment } from '../api/remove-payment.ts';
import { useCreateInstallments } from '../api/create-installments.ts';
import { useReceiveInstallment } from '../api/receive-installment.ts';
import { usePixPayments } from '../api/pix-refunds.ts';
import { toastRemoveFailed } from './notify.ts';
import { PixRefunds, ReturnedPix } from './pix-refund.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { CopyField } from '../../../components/copy-field.tsx';

const paymentSchema = lazySchema('createPaymentBody');
const installmentsSchema = lazySchema('createInstallmentsBody');

/** Payments are taken on orders that are neither Draft nor Canceled (as 'Pagar'). */
const payable = (invoice: InvoiceDetail) =>
  invoice.statusState !== InvoiceState.Draft && invoice.statusState !== InvoiceState.Canceled;

const statusVariant: Record<ReceivableStatus, string> = { open: 'secondary', overdue: 'danger', paid: 'success' };

/**
 * 'Pagamentos' (admin): received, balance and, once covered, the date the order was paid; the payments (each removable) and the
 * instalments (each received with one click and a date); 'Registrar pagamento' and 'Parcelar saldo'.
 */
export function PaymentsCard({ invoice }: { invoice: InvoiceDetail }) {
  const query = usePayments(invoice.id);
  const [modal, setModal] = useState<'payment' | 'installments' | InvoiceInstallment | null>(null);
  const receive = useReceiveInstallment(invoice.id);
  const pix = usePixPayments(invoice.id).data?.data ?? [];
  const receiving = typeof modal === 'object' ? modal : null;
  const data = query.data;
  // Who only reads payments (an accountant) sees them without the buttons that change them.
  const records = can(useViewer(), 'payment.record');
  const canAdd = records && !!data && payable(invoice) && data.balance > 0;

  return (
    <SectionCard title="Pagamentos" className="payments-card">
      {!data ? (
        <div className="text-body-secondary small">{query.isError ? messages.requestFailed : 'Carregando…'}</div>
      ) : (
        <>
          <dl className="totals-list mb-2">
            {/* Taxes the customer withholds at source: part of the total that is not received. */}
            {data.withheld > 0 && (
              <div>
                <dt>Retido pelo cliente</dt>
                <dd data-testid="withheld">{formatMoney(data.withheld)}</dd>
              </div>
            )}
            <div>
              <dt>Recebido</dt>
              <dd data-testid="paid">{formatMoney(data.paid)}</dd>
            </div>
            <div className="totals-total">
              <dt>Saldo a receber</dt>
              <dd data-testid="balance" className={data.balance === 0 ? 'text-success' : undefined}>
                {formatMoney(data.balance)}
              </dd>
            </div>
            {/* When the payments came to cover the total: the date the order counts as paid. */}
            {invoice.isPaid && (
              <div>
                <dt>Pago em</dt>
                <dd data-testid="payment-date">{formatIsoDate(invoice.paymentDate)}</dd>
              </div>
            )}
          </dl>
          <PaymentList invoiceId={invoice.id} payments={data.payments} removable={records} pix={pix} />
          <ReturnedPix invoiceId={invoice.id} pix={pix} />
          {data.installments.length > 0 && (
            <InstallmentList installments={data.installments} onReceive={records ? (x) => setModal(x) : null} />
          )}
          {canAdd && (
            <div className="d-flex flex-wrap gap-2 mt-2">
              {/* What open instalments hold is received through them, so a free payment needs room outside them. */}
              {data.unscheduled > 0 && (
                <Button size="sm" variant="outline-success" onClick={() => setModal('payment')}>
                  Registrar pagamento
                </Button>
              )}
              <Button size="sm" variant="outline-primary" onClick={() => setModal('installments')}>
                Parcelar saldo
              </Button>
            </div>
          )}
          <PaymentModal
            invoiceId={invoice.id}
            show={modal === 'payment'}
            suggested={data.unscheduled}
            onHide={() => setModal(null)}
          />
          <InstallmentsModal
            invoiceId={invoice.id}
            show={modal === 'installments'}
            balance={data.balance}
            replacing={data.installments.some((x) => x.status !== 'paid')}
            onHide={() => setModal(null)}
          />
          <ReceiveModal
            show={receiving !== null}
            title={receiving ? `Receber a parcela ${receiving.installmentNumber}/${receiving.installmentCount}` : ''}
            onReceive={(body) => receive.mutateAsync({ id: receiving!.id, ...body })}
            onHide={() => setModal(null)}
          >
            {receiving &&
              `${formatMoney(receiving.amount)} por ${paymentMethodLabel(receiving.method)}, vencimento ${isoToBr(receiving.dueDate)}.`}
          </ReceiveModal>
        </>
      )}
    </SectionCard>
  );
}

function PaymentList({
  invoiceId,
  payments,
  removable,
  pix,
}: {
  invoiceId: number;
  payments: InvoicePayment[];
  removable: boolean;
  pix: Parameters<typeof ReturnedPix>[0]['pix'];
}) {
  const remove = useRemovePayment(invoiceId);
  const confirm = useConfirm();
  if (!payments.length) return <p className="small text-body-secondary mb-2">Nenhum pagamento registrado.</p>;
  const onRemove = async (p: InvoicePayment) => {
    const ok = await confirm({
      title: 'Remover pagamento?',
      text: paymentMessages.confirmRemove,
      confirmLabel: 'Remover',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(p.id);
      toast.success(paymentMessages.removed);
    } catch (err) {
      toastRemoveFailed(err, messages.requestFailed);
    }
  };
  return (
    <ul className="money-list list-unstyled mb-2" aria-label="Pagamentos registrados">
      {payments.map((p) => (
        <li key={p.id}>
          <div className="money-line">
            <span>
              {isoToBr(p.paidAt)} · {paymentMethodLabel(p.method)}
            </span>
            <strong>{formatMoney(p.amount)}</strong>
          </div>
          <div className="money-line small text-body-secondary">
            <span className="text-break">{p.note ?? (p.receivableId ? 'Parcela' : '')}</span>
            {removable && (
              <Button
                size="sm"
                variant="link"
                className="p-0 text-danger"
                aria-label={`Remover o pagamento de ${formatMoney(p.amount)} de ${isoToBr(p.paidAt)}`}
                onClick={() => onRemove(p)}
              >
                Remover
              </Button>
            )}
          </div>
          {pix
            .filter((x) => x.paymentId === p.id)
            .map((x) => (
              <PixRefunds key={x.endToEndId} invoiceId={invoiceId} pix={x} />
            ))}
        </li>
      ))}
    </ul>
  );
}

function InstallmentList({
  installments,
  onReceive,
}: {
  installments: InvoiceInstallment[];
  /** None: the instalments are only shown. */
  onReceive: ((x: InvoiceInstallment) => void) | null;
}) {
  return (
    <>
      <h3 className="h6 mt-3 mb-1">Parcelas</h3>
      <ul className="money-list list-unstyled mb-2" aria-label="Parcelas">
        {installments.map((x) => (
          <li key={x.id} className={x.status === 'overdue' ? 'is-overdue' : undefined}>
            <div className="money-line">
              <span>
                {x.installmentNumber}/{x.installmentCount} · {isoToBr(x.dueDate)} · {paymentMethodLabel(x.method)}
              </span>
              <strong>{formatMoney(x.amount)}</strong>
            </div>
            <div className="money-line small">
              <Badge bg={statusVariant[x.status]}>
                {receivableStatusLabels[x.status]}
                {x.paidAt ? ` em ${isoToBr(x.paidAt)}` : ''}
              </Badge>
              {x.status !== 'paid' && onReceive && (
                <Button
                  size="sm"
                  variant="link"
                  className="p-0"
                  aria-label={`Receber a parcela ${x.installmentNumber}/${x.installmentCount}`}
                  onClick={() => onReceive(x)}
                >
                  Receber
                </Button>
              )}
            </div>
            {x.status !== 'paid' && x.pixCopiaECola && (
              <div className="small mt-1">
                <CopyField
                  id={`installment-pix-${x.id}`}
                  label={`PIX copia e cola da parcela ${x.installmentNumber}/${x.installmentCount}`}
                  value={x.pixCopiaECola}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function PaymentModal({
  invoiceId,
  show,
  suggested,
  onHide,
}: {
  invoiceId: number;
  show: boolean;
  suggested: number;
  onHide(): void;
}) {
  const add = useAddPayment(invoiceId);
  // What no instalment holds, today (the organization's), by PIX: the usual deposit, changed at will.
  const values = {
    amount: suggested || (null as unknown as number),
    method: 'pix',
    paidAt: todayIso(),
    note: '',
  } as const;
  const send = (body: CreatePaymentBody) => add.mutateAsync(body);
  const form = useActionForm(paymentSchema, values, { show, onHide, send, done: paymentMessages.recorded });
  const { errors } = form.formState;
  const { control, register } = form;
  return (
    <ActionModal {...form.modal} title="Registrar pagamento" formId="payment-form" label="Registrar" variant="success">
      <MoneyField control={control} name="amount" id="payment-amount" label="Valor" error={errors.amount?.message} />
      <Form.Group className="mb-3" controlId="payment-method">
        <Form.Label>Forma de pagamento</Form.Label>
        <PaymentMethodSelect {...register('method')} error={errors.method?.message} />
      </Form.Group>
      <DateField form={form} name="paidAt" label="Data do pagamento" id="payment-date" className="mb-3" />
      <Form.Group controlId="payment-note">
        <Form.Label>Observação</Form.Label>
        <Form.Control isInvalid={!!errors.note} {...register('note')} />
        <Form.Control.Feedback type="invalid">{errors.note?.message}</Form.Control.Feedback>
      </Form.Group>
    </ActionModal>
  );
}

function InstallmentsModal({
  invoiceId,
  show,
  balance,
  replacing,
  onHide,
}: {
  invoiceId: number;
  show: boolean;
  balance: number;
  replacing: boolean;
  onHide(): void;
}) {
  const create = useCreateInstallments(invoiceId);
  const values = { count: 3, firstDueDate: todayIso(), method: 'cartao_credito', interval: 'monthly' } as const;
  const send = (body: CreateInstallmentsBody) => create.mutateAsync(body);
  const done = paymentMessages.installmentsCreated;
  const form = useActionForm(installmentsSchema, values, { show, onHide, send, done });
  const { errors } = form.formState;
  const { register } = form;
  return (
    <ActionModal {...form.modal} title="Parcelar saldo" formId="installments-form" label="Parcelar" variant="success">
      <p className="mb-3">
        Saldo a parcelar: <strong>{formatMoney(balance)}</strong>, uma parcela por mês; os centavos que sobram vão na
        última.
      </p>
      {replacing && <p className="text-body-secondary small">{paymentMessages.confirmReplaceInstallments}</p>}
      <Form.Group className="mb-3" controlId="installments-count">
        <Form.Label>Número de parcelas</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          min={1}
          max={48}
          isInvalid={!!errors.count}
          {...register('count', { valueAsNumber: true })}
        />
        <Form.Control.Feedback type="invalid">{errors.count?.message}</Form.Control.Feedback>
      </Form.Group>
      <DateField
        form={form}
        name="firstDueDate"
        label="Vencimento da primeira"
        id="installments-first"
        className="mb-3"
      />
      <Form.Group controlId="installments-method">
        <Form.Label>Forma de pagamento</Form.Label>
        <PaymentMethodSelect {...register('method')} error={errors.method?.message} />
      </Form.Group>
    </ActionModal>
  );
}
