import { useState } from 'react';
import { Alert, Badge, Button, Form, ProgressBar } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { DEFAULT_TAKE, messages, payrollMessages, type PayrollDetail, type PayrollLine } from '@ordem-certa/contracts';
import { ApiError, reportedGlobally } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime, formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { LinesTable, type LineColumn } from '../../../components/lines/lines-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { invoiceEditPath } from '../../../components/invoices/invoice-table.tsx';
import { usePayroll } from '../api/get-payroll.ts';
import { usePayrollLines } from '../api/get-payroll-lines.ts';
import { usePayLines } from '../api/pay-payroll-line.ts';
import { PaySlipLink } from '../components/pay-slip-link.tsx';

/** /payrolls/{id}: the payroll's lines with worker filter and search, per-line and bulk payment, pay slips. */
export function PayrollPage() {
  const id = Number(useParams().id);
  const payroll = usePayroll(id);
  return (
    <QueryState isPending={payroll.isPending} error={payroll.error}>
      {payroll.data && <PayrollLines payroll={payroll.data} />}
    </QueryState>
  );
}

const lineLabel = (l: PayrollLine) => `${l.workerName} (OS ${l.invoiceNumber})`;
/** Why a line was not paid, as a sentence: the server's messages, or the generic text. */
const failureText = (err: unknown) => {
  const text = err instanceof ApiError && err.messages?.length ? err.messages.join(' ') : messages.requestFailed;
  return /[.!?]$/.test(text) ? text : `${text}.`;
};

interface LineTableContext {
  payrollId: number;
  payable: PayrollLine[];
  selected: Map<number, PayrollLine>;
  allSelected: boolean;
  running: boolean;
  toggle(line: PayrollLine, on: boolean): void;
  pay(line: PayrollLine): Promise<void>;
}

/** The columns of the lines table: selection, order, nature, dates, worker (pay slip), value and how it was computed, payment. */
const lineColumns = (c: LineTableContext): LineColumn<PayrollLine>[] => [
  {
    header: (
      <Form.Check
        aria-label="Selecionar todas as linhas não pagas da página"
        checked={c.allSelected}
        disabled={!c.payable.length || c.running}
        onChange={(e) => c.payable.forEach((l) => c.toggle(l, e.target.checked))}
      />
    ),
    className: 'col-actions',
    cell: (l) => (
      <Form.Check
        aria-label={`Selecionar ${lineLabel(l)}`}
        checked={c.selected.has(l.id)}
        disabled={!!l.paidAt || c.running}
        onChange={(e) => c.toggle(l, e.target.checked)}
      />
    ),
  },
  {
    header: 'OS',
    label: 'OS',
    cell: (l) => (
      <Link to={invoiceEditPath(l.invoiceId)} target="_blank" rel="noopener">
        {l.invoiceNumber}
      </Link>
    ),
  },
  { header: 'Nat. Operação', label: 'Nat. Operação', cell: (l) => l.transactionNature },
  { header: 'Início', label: 'Início', cell: (l) => formatDateTime(l.invoiceStartedAt) },
  { header: 'Fim', label: 'Fim', cell: (l) => formatDateTime(l.invoiceFinishedAt) },
  {
    header: 'Funcionário',
    label: 'Funcionário',
    cell: (l) => <PaySlipLink payrollId={c.payrollId} workerId={l.workerId} name={l.workerName} />,
  },
  { header: 'Valor', label: 'Valor', className: 'text-end text-nowrap', cell: (l) => formatMoney(l.value) },
  {
    header: 'Cálculo',
    label: 'Cálculo',
    className: 'payroll-explanation small',
    cell: (l) =>
      l.explanation.length ? (
        <ul className="list-unstyled mb-0">
          {l.explanation.map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ul>
      ) : (
        <span className="text-body-secondary">—</span>
      ),
  },
  {
    header: 'Pagamento',
    label: 'Pagamento',
    className: 'text-nowrap',
    cell: (l) =>
      l.paidAt ? (
        <Badge bg="success" title={formatDateTime(l.paidAt)}>
          Pago em {formatDate(l.paidAt)}
        </Badge>
      ) : (
        <ActionButton
          size="sm"
          variant="outline-success"
          disabled={c.running}
          aria-label={`Pagar ${lineLabel(l)}`}
          action={() => c.pay(l)}
        >
          Pagar
        </ActionButton>
      ),
  },
];

function PayrollLines({ payroll }: { payroll: PayrollDetail }) {
  const [query, setQuery] = useState<{ worker?: number; q: string; skip: number; take: number }>({
    q: '',
    skip: 0,
    take: DEFAULT_TAKE,
  });
  const lines = usePayrollLines(payroll.id, query);
  const payLines = usePayLines(payroll.id);
  const confirm = useConfirm();
  const [selected, setSelected] = useState<Map<number, PayrollLine>>(new Map());
  const [progress, setProgress] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const rows = lines.data?.data;
  const payable = (rows ?? []).filter((l) => !l.paidAt);
  const allSelected = payable.length > 0 && payable.every((l) => selected.has(l.id));
  const toggle = (line: PayrollLine, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(line.id, line);
      else next.delete(line.id);
      return next;
    });

  /** Pays the lines one after another; the bar shows the rounded percentage done. */
  const pay = async (toPay: PayrollLine[]) => {
    if (!toPay.length) return;
    const ok = await confirm({
      title: toPay.length === 1 ? `Pagar ${lineLabel(toPay[0]!)}?` : `Pagar ${toPay.length} linhas?`,
      text: payrollMessages.payConfirm,
      confirmLabel: 'Pagar',
      variant: 'primary',
    });
    if (!ok) return;
    setFailure(null);
    setProgress(0);
    setRunning(true);
    const result = await payLines(toPay, (done) => setProgress(Math.round((done / toPay.length) * 100)));
    setRunning(false);
    setSelected((s) => {
      const next = new Map(s);
      toPay.slice(0, result.done).forEach((l) => next.delete(l.id));
      return next;
    });
    if (result.failed) {
      setProgress(null);
      if (reportedGlobally(result.error) && result.done === 0) return;
      const text = `Não foi possível pagar ${lineLabel(result.failed)}: ${failureText(result.error)} O pagamento parou nessa linha; ${
        result.done === 0
          ? 'nenhuma linha foi paga'
          : result.done === 1
            ? '1 linha anterior continua paga'
            : `${result.done} linhas anteriores continuam pagas`
      }.`;
      setFailure(text);
      toast.error(text);
      return;
    }
    toast.success(payrollMessages.paid);
  };

  const columns = lineColumns({
    payrollId: payroll.id,
    payable,
    selected,
    allSelected,
    running,
    toggle,
    pay: (l) => pay([l]),
  });

  const company = payroll.companyAlias || payroll.companyName;
  return (
    <>
      <PageHeader
        title={`Folha ${company}`}
        actions={
          <Link to="/payrolls" className="btn btn-outline-secondary">
            Voltar
          </Link>
        }
      />
      <div className="d-flex flex-wrap gap-4 mb-3 small" data-testid="payroll-summary">
        <div>
          <div className="text-body-secondary">Período</div>
          <strong>
            {formatIsoDate(payroll.startDate)} a {formatIsoDate(payroll.endDate)}
          </strong>
        </div>
        <div>
          <div className="text-body-secondary">Total</div>
          <strong>{formatMoney(payroll.total)}</strong>
        </div>
        <div>
          <div className="text-body-secondary">Pago</div>
          <strong>{formatMoney(payroll.paidTotal)}</strong>
        </div>
        <div>
          <div className="text-body-secondary">A pagar</div>
          <strong>{formatMoney(payroll.total - payroll.paidTotal)}</strong>
        </div>
        <div>
          <div className="text-body-secondary">Linhas pagas</div>
          <strong>
            {payroll.paidLines} de {payroll.lines}
          </strong>
        </div>
      </div>
      <div className="card-list">
        <div className="d-flex flex-wrap gap-2 mb-2 align-items-center">
          <Form.Select
            aria-label="Funcionário"
            style={{ width: 'auto', maxWidth: '100%' }}
            value={query.worker ?? ''}
            onChange={(e) =>
              setQuery((f) => ({ ...f, worker: e.target.value ? Number(e.target.value) : undefined, skip: 0 }))
            }
          >
            <option value="">Todos os funcionários</option>
            {payroll.workers.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </Form.Select>
          <div className="flex-grow-1">
            <SearchBox value={query.q} onChange={(q) => setQuery((f) => ({ ...f, q, skip: 0 }))} />
          </div>
          <Button
            variant="success"
            disabled={selected.size === 0 || running}
            onClick={() => pay([...selected.values()])}
          >
            Pagar selecionados{selected.size ? ` (${selected.size})` : ''}
          </Button>
        </div>
        {progress !== null && (
          <ProgressBar
            now={progress}
            label={`${progress}%`}
            className="mb-2"
            aria-label="Progresso do pagamento"
            data-testid="pay-progress"
          />
        )}
        {failure && (
          <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {/* Loading and "Sem conexão" as every list says them; the lines stack into cards on a phone. */}
        {rows ? (
          <LinesTable columns={columns} rows={rows} rowKey={(l) => l.id} caption="Linhas da folha" />
        ) : (
          <DataTable columns={columns} rows={rows} rowKey={(l) => l.id} isLoading={lines.isPending} />
        )}
        <PaginationBar meta={lines.data?.meta} onChange={(p) => setQuery((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
