import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import {
  attachPixBody,
  pixReceivedMessages,
  type AttachPixBody,
  type InvoicePaymentsResponse,
  type PixUnidentified,
} from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { isoToBr } from '../../../components/date-input.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { getInvoices } from '../../../components/invoices/api/get-invoices.ts';
import { useAttachPix } from '../api/unidentified-pix.ts';

/**
 * 'Associar a uma ordem': the order the Pix paid (searched among the company's orders) and, when the
 * order has open instalments, which one it paid; the server records one Pix payment of it.
 */
export function AttachPixModal({ pix, onHide }: { pix: PixUnidentified | null; onHide(): void }) {
  const orgPath = useOrgPath();
  const [order, setOrder] = useState<Option | null>(null);
  const attach = useAttachPix(pix?.id ?? 0);
  const values = { invoice: null as unknown as number, receivable: null };
  const send = (body: AttachPixBody) => attach.mutateAsync(body);
  const hide = () => {
    setOrder(null);
    onHide();
  };
  const form = useActionForm(attachPixBody, values, {
    show: !!pix,
    onHide: hide,
    send,
    done: pixReceivedMessages.attached,
  });
  const { errors } = form.formState;
  // The order's open instalments: the Pix may have paid one of them.
  const open = useQuery({
    queryKey: ['invoice', orgPath, order?.value, 'payments'],
    queryFn: () => api.get<InvoicePaymentsResponse>(`${orgPath}/invoices/${order!.value}/payments`),
    enabled: !!order,
    select: (d) => d.installments.filter((x) => x.status !== 'paid'),
  });
  const loadOrders = async (q: string) => {
    const page = await getInvoices(orgPath, { q: q || undefined, skip: 0, take: 20, isNotPaid: true });
    return page.data
      .filter((x) => x.companyId === pix?.company.id)
      .map((x) => ({ value: x.id, label: `OS nº ${x.number} — ${x.customerName}`, hint: x.statusLabel }));
  };
  return (
    <ActionModal {...form.modal} title="Associar Pix a uma ordem" formId="attach-pix-form" label="Associar">
      {pix && (
        <p className="mb-3">
          <strong>{formatMoney(pix.amount)}</strong> recebidos em {formatDateTime(pix.paidAt)} na chave de{' '}
          {pix.company.name}
          {pix.payerInfo ? `: “${pix.payerInfo}”` : '.'}
        </p>
      )}
      <Form.Group className="mb-3" controlId="attach-pix-invoice">
        <Form.Label>Ordem de serviço</Form.Label>
        <Controller
          control={form.control}
          name="invoice"
          render={({ field }) => (
            <SearchableSelect
              id="attach-pix-invoice"
              inline
              queryKey={['invoices', 'pix-attach', pix?.company.id]}
              loadOptions={loadOrders}
              value={order}
              placeholder="Número da OS ou cliente"
              isInvalid={!!errors.invoice}
              onBlur={field.onBlur}
              onChange={(o) => {
                setOrder(o);
                field.onChange(o?.value ?? null);
                form.setValue('receivable', null);
              }}
            />
          )}
        />
        {errors.invoice && <div className="invalid-feedback d-block">{errors.invoice.message}</div>}
      </Form.Group>
      {!!open.data?.length && (
        <Form.Group controlId="attach-pix-receivable">
          <Form.Label>Parcela</Form.Label>
          <Form.Select
            isInvalid={!!errors.receivable}
            {...form.register('receivable', { setValueAs: (v: string) => (v ? Number(v) : null) })}
          >
            <option value="">Saldo sem parcela</option>
            {open.data.map((x) => (
              <option key={x.id} value={x.id}>
                {x.installmentNumber}/{x.installmentCount} · vence {isoToBr(x.dueDate)} · {formatMoney(x.amount)}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.receivable?.message}</Form.Control.Feedback>
        </Form.Group>
      )}
    </ActionModal>
  );
}
