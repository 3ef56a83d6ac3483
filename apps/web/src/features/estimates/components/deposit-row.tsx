import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  depositMessages,
  estimateDepositBody,
  estimateDepositLabels,
  estimateMessages,
  formatMeasureText,
  formatMoney,
  parseMoneyText,
  type EstimateDepositKind,
  type EstimateDetail,
} from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { ParsedNumberInput } from '../../../components/parsed-number-input.tsx';
import { useVersionedSave } from '../../../components/version-conflict.tsx';
import { useSaveDeposit } from '../api/save-deposit.ts';

type Deposit = NonNullable<EstimateDetail['deposit']>;
const described = (d: Deposit | null | undefined) =>
  !d
    ? estimateDepositLabels.none
    : d.kind === 'percent'
      ? `${formatMeasureText(d.value)}% · ${formatMoney(d.amount)}`
      : formatMoney(d.amount);

/**
 * 'Entrada': the deposit the estimate asks before the work, which the customer's page and the PDF offer
 * by Pix (none: no Pix). A percentage of the total or a value, changed while the estimate is open.
 */
export function DepositRow({ estimate, editable }: { estimate: EstimateDetail; editable: boolean }) {
  const save = useSaveDeposit(estimate.id);
  const current = estimate.deposit ?? null;
  const [editing, setEditing] = useState(false);
  const [kind, setKind] = useState<EstimateDepositKind>(current?.kind ?? 'none');
  const [value, setValue] = useState<number | null>(current?.value ?? null);
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setKind(current?.kind ?? 'none');
    setValue(current?.value ?? null);
    setError(null);
    setEditing(true);
  };
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 422 && err.fieldErrors?.value)
      setError(err.fieldErrors.value.join('. '));
    else toastApiError(err, estimateMessages.statusFailed);
  };
  const versioned = useVersionedSave({
    fields: [{ name: 'deposit', label: 'Entrada', format: (v) => described(v as Deposit | null) }],
    write: (body: { kind: EstimateDepositKind; value: number | null }) => save.mutateAsync(body),
    onSaved: () => {
      toast.success(depositMessages.saved);
      setEditing(false);
    },
    onReload: () => setEditing(false),
    onError: failed,
  });
  const submit = async () => {
    const body = { kind, value: kind === 'none' ? null : value };
    const checked = estimateDepositBody.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? depositMessages.value);
      return;
    }
    setError(null);
    try {
      await versioned.save(body, { kind: current?.kind ?? 'none', value: current?.value ?? null }, estimate.version);
    } catch (err) {
      failed(err);
    }
  };
  return (
    <div className="border-top pt-2 mt-2" data-testid="estimate-deposit">
      <div className="d-flex justify-content-between align-items-center">
        <span>Entrada</span>
        {!editing && (
          <span className="d-flex align-items-center gap-2">
            {described(current)}
            {editable && (
              <Button size="sm" variant="link" className="p-0" onClick={open}>
                Alterar
              </Button>
            )}
          </span>
        )}
      </div>
      <div className="small text-body-secondary">Oferecida por PIX ao cliente na proposta</div>
      {editing && (
        <Form
          noValidate
          className="mt-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Form.Select
            size="sm"
            className="mb-2"
            aria-label="Tipo de entrada"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as EstimateDepositKind);
              setValue(null);
              setError(null);
            }}
          >
            {(Object.keys(estimateDepositLabels) as EstimateDepositKind[]).map((k) => (
              <option key={k} value={k}>
                {estimateDepositLabels[k]}
              </option>
            ))}
          </Form.Select>
          {kind === 'value' && (
            <div className="mb-2">
              <MoneyInput
                value={value}
                onChange={(v) => {
                  setValue(v);
                  setError(null);
                }}
                error={error ?? undefined}
                aria-label="Valor da entrada"
              />
            </div>
          )}
          {kind === 'percent' && (
            <div className="mb-2">
              <ParsedNumberInput
                value={value}
                onChange={(v) => {
                  setValue(v);
                  setError(null);
                }}
                parse={parseMoneyText}
                format={formatMeasureText}
                suffix="%"
                inputMode="decimal"
                error={error ?? undefined}
                aria-label="Percentual da entrada"
              />
            </div>
          )}
          {kind === 'none' && error && <div className="small text-danger mb-2">{error}</div>}
          <div className="d-flex gap-2">
            <Button size="sm" type="submit" disabled={save.isPending}>
              Salvar
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setEditing(false)}>
              Cancelar
            </Button>
          </div>
        </Form>
      )}
      {versioned.screen}
    </div>
  );
}
