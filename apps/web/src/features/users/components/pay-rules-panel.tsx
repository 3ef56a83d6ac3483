import { useState } from 'react';
import { Badge, ListGroup } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  describePayRule,
  payRuleKindLabels,
  payRuleMessages,
  type CreatePayRule,
  type PayRule,
} from '@ordem-certa/contracts';
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

/** One entry of the history: when it starts, the rule in words, who set it, and its remove button. */
function HistoryEntry({ row, onRemove }: { row: HistoryRow; onRemove(rule: PayRule): void }) {
  const inForce = row.kind === 'initial' ? row.inForce : row.rule.inForce;
  return (
    <ListGroup.Item as="li" className="d-flex gap-3 align-items-start">
      <div className="flex-grow-1">
        <div className="fw-semibold">
          {row.kind === 'initial' ? 'Regra inicial' : `A partir de ${formatIsoDate(row.rule.validFrom)}`}{' '}
          {inForce && <Badge bg="success">Em vigor</Badge>}
        </div>
        <div>
          {row.kind === 'initial'
            ? `${payRuleKindLabels.fixed}: ${formatMoney(row.fixedAmount)}`
            : `${payRuleKindLabels[row.rule.kind]}: ${describePayRule(row.rule)}`}
        </div>
        <div className="small text-body-secondary">
          {row.kind === 'initial'
            ? 'Antes da primeira regra com data (campo abaixo)'
            : `Cadastrada em ${formatDateTime(row.rule.createdAt)}${row.rule.createdByName ? ` por ${row.rule.createdByName}` : ''}`}
        </div>
      </div>
      {row.kind === 'version' && (
        <RemoveButton
          label={`Remover a regra de ${formatIsoDate(row.rule.validFrom)}`}
          onClick={() => onRemove(row.rule)}
        />
      )}
    </ListGroup.Item>
  );
}

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

  return (
    <QueryState isPending={rules.isPending} error={rules.error}>
      {data && (
        <div className="d-grid gap-3">
          <SectionCard title="Regra em vigor hoje">
            <p className="mb-0" data-testid="pay-rule-current">
              {current ? (
                <>
                  <strong>{payRuleKindLabels[current.kind]}:</strong> {describePayRule(current)} (desde{' '}
                  {formatIsoDate(current.validFrom)})
                </>
              ) : (
                <>
                  <strong>{payRuleKindLabels.fixed}:</strong> {formatMoney(data.initial.fixedAmount)} (regra inicial)
                </>
              )}
            </p>
          </SectionCard>
          <SectionCard title="Nova regra">
            <PayRuleForm key={data.today} today={data.today} onSubmit={onSubmit} />
          </SectionCard>
          <SectionCard title="Histórico de regras">
            {rows && (
              <ListGroup as="ul" variant="flush" aria-label="Versões da regra">
                {rows.map((row) => (
                  <HistoryEntry
                    key={row.kind === 'initial' ? 'initial' : row.rule.id}
                    row={row}
                    onRemove={(rule) => void removeRule(rule)}
                  />
                ))}
              </ListGroup>
            )}
            {data.meta.total > data.meta.take && (
              <PaginationBar meta={data.meta} onChange={(p) => setPage((q) => ({ ...q, ...p }))} />
            )}
          </SectionCard>
        </div>
      )}
    </QueryState>
  );
}
