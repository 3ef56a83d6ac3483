import { useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { InvoiceState, invoiceMessages, messages, type InvoiceDetail } from '@ordem-certa/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { contractResolver, lazySchema } from '../../../lib/schema-source.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useSaveDiscount } from '../api/save-discount.ts';
import { useVersionedSave } from '../../../components/version-conflict.tsx';
import { toastRemoveFailed } from './notify.ts';
import { SectionCard } from '../../../components/section-card.tsx';

const discountResolver = contractResolver(lazySchema('discountForm'));
type DiscountValues = { discount: number | null };

/** The server refuses discount changes on canceled or paid orders. */
const discountLocked = (invoice: InvoiceDetail) => invoice.isPaid || invoice.statusState === InvoiceState.Canceled;

/** Subtotal, discount (view and edit mode) and total, all computed by the server (admin). */
export function TotalsPanel({ invoice }: { invoice: InvoiceDetail }) {
  const [editing, setEditing] = useState(false);
  const save = useSaveDiscount(invoice.id);
  const confirm = useConfirm();
  const locked = discountLocked(invoice);
  const discount = invoice.discount ?? 0;

  const remove = async () => {
    if (!(await confirm({ title: 'Remover desconto?', confirmLabel: 'Remover' }))) return;
    try {
      await save.mutateAsync({ discount: 0, version: invoice.version });
      toast.success(invoiceMessages.discountSaved);
    } catch (err) {
      toastRemoveFailed(err, messages.requestFailed);
    }
  };

  return (
    <SectionCard title="Valores">
      <dl className="totals-list mb-0">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="subtotal">{formatMoney(invoice.subTotal)}</dd>
        </div>
        <div>
          <dt>Desconto</dt>
          <dd data-testid="discount">
            {formatMoney(discount)}
            {!locked && !editing && (
              <span className="d-inline-flex gap-2 ms-2">
                <Button size="sm" variant="link" className="p-0" onClick={() => setEditing(true)}>
                  {discount > 0 ? 'Alterar' : 'Adicionar'}
                </Button>
                {discount > 0 && (
                  <Button size="sm" variant="link" className="p-0 text-danger" onClick={remove}>
                    Remover
                  </Button>
                )}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {editing && (
        <DiscountForm
          invoiceId={invoice.id}
          version={invoice.version}
          loaded={discount}
          initial={discount > 0 ? discount : null}
          onDone={() => setEditing(false)}
        />
      )}
      <dl className="totals-list mb-0 border-top">
        <div className="totals-total">
          <dt>Total</dt>
          <dd data-testid="total">{formatMoney(invoice.total)}</dd>
        </div>
      </dl>
    </SectionCard>
  );
}

function DiscountForm({
  invoiceId,
  version,
  loaded,
  initial,
  onDone,
}: {
  invoiceId: number;
  /** The order's version and discount when the form opened. */
  version: number;
  loaded: number;
  initial: number | null;
  onDone(): void;
}) {
  const save = useSaveDiscount(invoiceId);
  // The version the form opened at stays its baseline while it is open.
  const [opened] = useState({ version, loaded });
  const versioned = useVersionedSave({
    fields: [{ name: 'discount', label: 'Desconto', format: (v) => formatMoney(Number(v ?? 0)) }],
    write: (body: { discount: number }) => save.mutateAsync(body),
    onSaved: () => {
      toast.success(invoiceMessages.discountSaved);
      onDone();
    },
    onReload: onDone,
    onError: (err) => applyServerErrors(err, setError, messages.requestFailed),
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DiscountValues, unknown, { discount: number }>({
    resolver: discountResolver as never,
    mode: 'onBlur',
    defaultValues: { discount: initial },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await versioned.save(body, { discount: opened.loaded }, opened.version);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  return (
    <Form noValidate onSubmit={onSubmit} className="my-2" aria-label="Desconto">
      <Controller
        control={control}
        name="discount"
        render={({ field }) => (
          <MoneyInput
            id="discount-input"
            aria-label="Desconto"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.discount?.message}
          />
        )}
      />
      {errors.root && <div className="text-danger small">{errors.root.message}</div>}
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
          Salvar
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onDone}>
          Cancelar
        </Button>
      </div>
      {versioned.screen}
    </Form>
  );
}
