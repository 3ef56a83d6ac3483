import { useState } from 'react';
import { Badge } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  describePayRule,
  payRuleKindLabels,
  payRuleMessages,
  type CreatePayRule,
  type PayRule,
} from '@oficina/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RemoveButton } from '../../../components/remove-button.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useRemoval } from '../../../components/use-removal.ts';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { usePayRules } from '../api/get-pay-rules.ts';
import { useRemovePayRule } from '../api/remove-pay-rule.ts';
import { useSavePayRule } from '../api/save-pay-rule.ts';
import { PayRuleForm } from './pay-rule-form.tsx';

/** A row of the history: a version, or the initial rule under them all. */
type HistoryRow = { kind: 'version'; rule: PayRule } | { kind: 'initial'; fixedAmount: number; inForce: boolean };

/** The history's columns: start, the rule in words, who set it and when, remove. */
const historyColumns = (removeRule: (rule: PayRule) => void): Column<HistoryRow>[] => [
  {
    header: 'Vale a partir de',
    className: 'text-nowrap',
    cell: (row) =>
      row.kind === 'initial' ? (
        <span className="text-body-secondary">Regra inicial</span>
      ) : (
        formatIsoDate(row.rule.validFrom)
      ),
  },
  {
    header: 'Regra',
    cell: (row) =>
      row.kind === 'initial' ? (
        <>
          {payRuleKindLabels.fixed}: {formatMoney(row.fixedAmount)}{' '}
          {row.inForce && <Badge bg="success">Em vigor</Badge>}
        </>
      ) : (
        <>
          <div className="fw-semibold">
            {payRuleKindLabels[row.rule.kind]} {row.rule.inForce && <Badge bg="success">Em vigor</Badge>}
          </div>
          <div className="small">{describePayRule(row.rule)}</div>
        </>
      ),
  },
  {
    header: 'Cadastrada',
    className: 'small text-body-secondary',
    cell: (row) =>
      row.kind === 'initial'
        ? 'Campo abaixo'
        : `${formatDateTime(row.rule.createdAt)}${row.rule.createdByName ? ` por ${row.rule.createdByName}` : ''}`,
  },
  {
    header: <span className="visually-hidden">Ações</span>,
    className: 'text-end',
    cell: (row) =>
      row.kind === 'version' && (
        <RemoveButton
          label={`Remover a regra de ${formatIsoDate(row.rule.validFrom)}`}
          onClick={() => removeRule(row.rule)}
        />
      ),
  },
];

/**
 * The collaborator's pay rules ('Financeiro'): the rule in force, a new version from a date, and the
 * history of versions down to the initial rule (the fixed amount of the form below it).
 */
export function PayRulesPanel({ userId }: { userId: number }) {
  const [page, setPage] = useState({ skip: 0, take: 10 });
  const rules = usePayRules(userId, page);
  const save = useSavePayRule(userId);
  const remove = useRemovePayRule(userId);
  const removeRule = useRemoval<PayRule>({
    question: (r) => ({
      title: `Remover a regra que vale a partir de ${formatIsoDate(r.validFrom)}?`,
      text: 'A regra anterior volta a valer para as ordens ainda fora de uma folha. Folhas já geradas não mudam.',
      confirmLabel: 'Remover',
    }),
    run: (r) => remove.mutateAsync(r.id),
    removed: payRuleMessages.removed,
    failed: (err) => toastApiError(err),
  });

  const onSubmit = async (values: CreatePayRule) => {
    await save.mutateAsync(values);
    toast.success(payRuleMessages.saved);
  };

  const data = rules.data;
  const rows: HistoryRow[] | undefined = data && [
    ...data.data.map((rule) => ({ kind: 'version' as const, rule })),
    // The initial rule closes the history, on its last page.
    ...(data.meta.skip + data.data.length >= data.meta.total ? [{ kind: 'initial' as const, ...data.initial }] : []),
  ];
  const current = data?.data.find((r) => r.inForce);

  const columns = historyColumns(removeRule);

  return (
    <QueryState isPending={rules.isPending} error={rules.error}>
      {data && (
        <div className="d-grid gap-3">
          <SectionCard title="Regra em vigor hoje">
            <p className="mb-0" data-testid="pay-rule-current">
              {current ? (
                <>
                  <strong>{payRuleKindLabels[current.kind]}</strong> — {describePayRule(current)} (desde{' '}
                  {formatIsoDate(current.validFrom)})
                </>
              ) : (
                <>
                  <strong>{payRuleKindLabels.fixed}</strong> — {formatMoney(data.initial.fixedAmount)} (regra inicial)
                </>
              )}
            </p>
          </SectionCard>
          <SectionCard title="Nova regra">
            <PayRuleForm key={data.today} today={data.today} onSubmit={onSubmit} />
          </SectionCard>
          <SectionCard title="Histórico de regras">
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(row) => (row.kind === 'initial' ? 'initial' : row.rule.id)}
              isLoading={rules.isFetching && !rows}
            />
            <PaginationBar meta={data.meta} onChange={(p) => setPage((q) => ({ ...q, ...p }))} />
          </SectionCard>
        </div>
      )}
    </QueryState>
  );
}
