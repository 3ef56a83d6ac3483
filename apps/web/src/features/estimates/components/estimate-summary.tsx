import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { estimateMessages, formatIdentifier, formatMoney, type EstimateDetail } from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useSaveDiscount } from '../api/save-discount.ts';
import { DepositRow } from './deposit-row.tsx';
import { useVersionedSave } from '../../../components/version-conflict.tsx';

/** Número, criado/alterado, natureza, and the company and customer cards with their edit links. */
export function EstimateSummary({ estimate }: { estimate: EstimateDetail }) {
  const party = (
    kind: 'Empresa' | 'Cliente',
    id: number,
    name: string,
    identifier: string,
    type: number,
    to: string,
  ) => (
    <div className="mb-2">
      <div className="small text-body-secondary">{kind}</div>
      <div className="d-flex justify-content-between gap-2">
        <div>
          <div className="fw-semibold">{name}</div>
          <div className="small text-body-secondary">{formatIdentifier(identifier, type)}</div>
        </div>
        <Link to={to} className="small text-nowrap" aria-label={`Editar ${kind.toLowerCase()} ${name}`}>
          Editar
        </Link>
      </div>
    </div>
  );
  return (
    <Card className="invoice-section">
      <Card.Body>
        <dl className="row small mb-2">
          <dt className="col-5">Número</dt>
          <dd className="col-7 mb-1">{estimate.number}</dd>
          <dt className="col-5">Criado em</dt>
          <dd className="col-7 mb-1">{formatDateTime(estimate.createdAt)}</dd>
          <dt className="col-5">Alterado em</dt>
          <dd className="col-7 mb-1">{formatDateTime(estimate.updatedAt)}</dd>
          <dt className="col-5">Natureza da Op.</dt>
          <dd className="col-7 mb-1">{estimate.transactionNatureName}</dd>
        </dl>
        {party(
          'Empresa',
          estimate.companyId,
          estimate.companyName,
          estimate.companyIdentifier,
          estimate.companyType,
          `/companies/${estimate.companyId}/edit`,
        )}
        {party(
          'Cliente',
          estimate.customerId,
          estimate.customerName,
          estimate.customerIdentifier,
          estimate.customerType,
          `/customers/${estimate.customerId}/edit`,
        )}
        {estimate.customerEmail && <div className="small text-body-secondary">{estimate.customerEmail}</div>}
      </Card.Body>
    </Card>
  );
}

/** Subtotal, discount (view or edit mode; 0 removes it) and total, all computed by the server. */
export function TotalsCard({ estimate, editable }: { estimate: EstimateDetail; editable: boolean }) {
  const save = useSaveDiscount(estimate.id);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | null>(estimate.discount ?? null);
  const [error, setError] = useState<string | null>(null);
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 422 && err.fieldErrors?.discount)
      setError(err.fieldErrors.discount.join('. '));
    else toastApiError(err, estimateMessages.statusFailed);
  };
  const versioned = useVersionedSave({
    fields: [{ name: 'discount', label: 'Desconto', format: (v) => formatMoney(Number(v ?? 0)) }],
    write: (body: { discount: number }) => save.mutateAsync(body),
    onSaved: () => {
      toast.success(estimateMessages.discountSaved);
      setEditing(false);
    },
    onReload: () => setEditing(false),
    onError: failed,
  });
  const submit = async (discount: number) => {
    setError(null);
    try {
      await versioned.save({ discount }, { discount: estimate.discount ?? 0 }, estimate.version);
    } catch (err) {
      failed(err);
    }
  };
  return (
    <Card className="invoice-section" aria-label="Totais">
      <Card.Body>
        <div className="d-flex justify-content-between">
          <span>Subtotal</span>
          <span data-testid="estimate-subtotal">{formatMoney(estimate.subTotal)}</span>
        </div>
        <div className="d-flex justify-content-between align-items-center my-1">
          <span>Desconto</span>
          {!editing ? (
            <span className="d-flex align-items-center gap-2">
              {formatMoney(estimate.discount)}
              {editable && (
                <Button
                  size="sm"
                  variant="link"
                  className="p-0"
                  onClick={() => {
                    setValue(estimate.discount || null);
                    setEditing(true);
                  }}
                >
                  Alterar
                </Button>
              )}
            </span>
          ) : null}
        </div>
        {editing && (
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (value === null || Number.isNaN(value) || value < 0.01) setError('O desconto deve ser no mínimo 0,01');
              else void submit(value);
            }}
          >
            <div className="mb-2">
              <MoneyInput
                value={value}
                onChange={(v) => {
                  setValue(v);
                  setError(null);
                }}
                error={error ?? undefined}
                aria-label="Desconto"
              />
            </div>
            <div className="d-flex gap-2 mb-2">
              <Button size="sm" type="submit" disabled={save.isPending}>
                Salvar
              </Button>
              {(estimate.discount ?? 0) > 0 && (
                <Button size="sm" variant="outline-danger" onClick={() => void submit(0)}>
                  Remover desconto
                </Button>
              )}
              <Button size="sm" variant="outline-secondary" onClick={() => setEditing(false)}>
                Cancelar
              </Button>
            </div>
          </Form>
        )}
        <div className="d-flex justify-content-between fw-semibold border-top pt-2">
          <span>Total</span>
          <span data-testid="estimate-total">{formatMoney(estimate.total)}</span>
        </div>
        <DepositRow estimate={estimate} editable={editable} />
        {versioned.screen}
      </Card.Body>
    </Card>
  );
}
