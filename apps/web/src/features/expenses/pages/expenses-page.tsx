import { useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import {
  can,
  expenseMessages as msg,
  messages,
  expenseStatusLabels,
  expenseStatuses,
  type Expense,
  type ExpenseStatus,
} from '@ordem-certa/contracts';
import type { Column } from '../../../components/data-table.tsx';
import { useViewer } from '../../../lib/auth.tsx';
import { DateInput } from '../../../components/date-input.tsx';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { listControls, PagedTable } from '../../../components/paged-table.tsx';
import { RemoveButton, useConfirmedRemove } from '../../../components/remove-button.tsx';
import { formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';
import { useDeleteExpense } from '../api/delete-expense.ts';
import { useExpenseCategories } from '../api/get-expense-categories.ts';
import { useExpenses } from '../api/get-expenses.ts';
import { ExpenseFormModal } from '../components/expense-form-modal.tsx';
import { PayExpenseModal } from '../components/pay-expense-modal.tsx';

interface ExpensesFilter extends BaseFilter {
  status: '' | ExpenseStatus;
  from: string;
  to: string;
  category: string;
}
const defaults: ExpensesFilter = { ...baseFilterDefaults, status: '', from: '', to: '', category: '' };

const badgeOf: Record<ExpenseStatus, string> = { open: 'secondary', overdue: 'danger', paid: 'success' };

function StatusBadge({ expense }: { expense: Expense }) {
  return (
    <Badge bg={badgeOf[expense.status]}>
      {expense.status === 'paid' ? `Paga em ${formatIsoDate(expense.paidAt)}` : expenseStatusLabels[expense.status]}
    </Badge>
  );
}

const count = new Intl.NumberFormat('pt-BR');

/** A period typed the wrong way round is taken in order (the API would refuse it on 'to'). */
const inOrder = (f: ExpensesFilter): ExpensesFilter =>
  f.from && f.to && f.to < f.from ? { ...f, from: f.to, to: f.from } : f;

/**
 * The list's columns; the description opens the expense, the last column pays and removes it (only for
 * who may change expenses).
 */
function expenseColumns(
  on: {
    onOpen(e: Expense): void;
    onPay(e: Expense): void;
    onRemove(e: Expense): void;
  },
  manages: boolean,
): Column<Expense>[] {
  const columns: Column<Expense>[] = [
    { header: 'Vencimento', cell: (e) => formatIsoDate(e.dueDate), className: 'text-nowrap d-none d-sm-table-cell' },
    {
      header: 'Descrição',
      cell: (e) => (
        <>
          <Button variant="link" className="p-0 text-start text-break align-baseline" onClick={() => on.onOpen(e)}>
            {e.description}
          </Button>
          <div className="small text-body-secondary">
            {e.category}
            {e.attachment && ' · com anexo'}
          </div>
          {/* On a phone the value, the due date and the situation go under the description. */}
          <div className="d-sm-none">
            <strong>{formatMoney(e.amount)}</strong>
            <span className="small text-nowrap ms-2">vence {formatIsoDate(e.dueDate)}</span>
          </div>
          <div className="d-sm-none">
            <StatusBadge expense={e} />
          </div>
        </>
      ),
    },
    { header: 'Valor', cell: (e) => formatMoney(e.amount), className: 'text-end text-nowrap d-none d-sm-table-cell' },
    { header: 'Situação', cell: (e) => <StatusBadge expense={e} />, className: 'd-none d-sm-table-cell' },
  ];
  if (!manages) return columns;
  return [
    ...columns,
    {
      header: <span className="visually-hidden">Ações</span>,
      className: 'text-end text-nowrap',
      cell: (e) => (
        <div className="d-inline-flex flex-column flex-sm-row gap-1">
          {e.status !== 'paid' && (
            <Button
              size="sm"
              variant="outline-success"
              onClick={() => on.onPay(e)}
              aria-label={`Marcar como paga: ${e.description}`}
            >
              Pagar
            </Button>
          )}
          <RemoveButton label={`Remover despesa ${e.description}`} onClick={() => on.onRemove(e)} />
        </div>
      ),
    },
  ];
}

/**
 * /expenses 'Despesas' (contas a pagar, admins): the list filtered by situation, period (due date; the
 * payment date for paid ones), category and search, a page at a time from the server, with the count
 * and the sum of everything it matches; new, edit, mark as paid and remove.
 */
export function ExpensesPage() {
  const [filter, setFilter, reset] = usePersistedFilter('expenses', defaults);
  const { onPage, search } = listControls(filter, setFilter);
  const [editing, setEditing] = useState<Expense | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // Each opening mounts a fresh form on the expense (or an empty one).
  const [formKey, setFormKey] = useState(0);
  const [paying, setPaying] = useState<Expense | null>(null);
  const remove = useDeleteExpense();
  const list = useExpenses({
    q: filter.q || undefined,
    status: filter.status || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    category: filter.category || undefined,
    skip: filter.skip,
    take: filter.take,
  });
  const categories = useExpenseCategories('');
  const onRemove = useConfirmedRemove<Expense>({
    title: (e) => `Remover a despesa “${e.description}”?`,
    remove: (e) => remove.mutateAsync(e.id),
    removed: msg.removed,
    failed: () => messages.requestFailed,
  });
  const open = (expense: Expense | null) => {
    setEditing(expense);
    setFormKey((k) => k + 1);
    setFormOpen(true);
  };
  const applied = (filter.status ? 1 : 0) + (filter.from || filter.to ? 1 : 0) + (filter.category ? 1 : 0);
  const onPeriodOf = filter.status === 'paid' ? 'pagamento' : 'vencimento';

  const manages = can(useViewer(), 'expense.manage');
  const columns = expenseColumns({ onOpen: open, onPay: setPaying, onRemove }, manages);

  return (
    <>
      <PageHeader
        title="Despesas"
        actions={
          <>
            <FilterPopover<ExpensesFilter>
              value={filter}
              count={applied}
              onApply={(next) => setFilter({ ...inOrder(next), skip: 0 })}
              onClear={reset}
            >
              {(draft, setDraft) => (
                <>
                  <Form.Group className="mb-3" controlId="expenses-filter-status">
                    <Form.Label>Situação</Form.Label>
                    <Form.Select
                      value={draft.status}
                      onChange={(e) => setDraft({ ...draft, status: e.target.value as ExpensesFilter['status'] })}
                    >
                      <option value="">Todas</option>
                      {expenseStatuses.map((s) => (
                        <option key={s} value={s}>
                          {expenseStatusLabels[s]}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                  <div className="row g-2 mb-3">
                    <Form.Group className="col-12">
                      <Form.Label htmlFor="expenses-filter-from">
                        {draft.status === 'paid' ? 'Paga de' : 'Vence de'}
                      </Form.Label>
                      <DateInput
                        id="expenses-filter-from"
                        value={draft.from}
                        onChange={(v) => setDraft({ ...draft, from: v })}
                      />
                    </Form.Group>
                    <Form.Group className="col-12">
                      <Form.Label htmlFor="expenses-filter-to">Até</Form.Label>
                      <DateInput
                        id="expenses-filter-to"
                        value={draft.to}
                        onChange={(v) => setDraft({ ...draft, to: v })}
                      />
                    </Form.Group>
                  </div>
                  <Form.Group controlId="expenses-filter-category">
                    <Form.Label>Categoria</Form.Label>
                    <Form.Select
                      value={draft.category}
                      onChange={(e) => setDraft({ ...draft, category: e.target.value })}
                    >
                      <option value="">Todas</option>
                      {categories.data?.data.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                </>
              )}
            </FilterPopover>
            {manages && <Button onClick={() => open(null)}>Nova despesa</Button>}
          </>
        }
      />
      <div className="card-list">
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2" data-testid="expenses-summary">
          <span>
            <strong>
              {count.format(list.data?.meta.total ?? 0)} {list.data?.meta.total === 1 ? 'despesa' : 'despesas'}
            </strong>
            {(filter.from || filter.to) && (
              <span className="small text-body-secondary ms-2">
                por data de {onPeriodOf}
                {filter.from && ` de ${formatIsoDate(filter.from)}`}
                {filter.to && ` até ${formatIsoDate(filter.to)}`}
              </span>
            )}
          </span>
          <span>
            Total: <strong>{formatMoney(list.data?.meta.sum ?? 0)}</strong>
          </span>
        </div>
        <PagedTable
          columns={columns}
          list={list}
          rowKey={(e) => e.id}
          emptyText="Nenhuma despesa"
          onPage={onPage}
          search={search}
        />
      </div>
      <ExpenseFormModal key={formKey} expense={editing} show={formOpen} onHide={() => setFormOpen(false)} />
      <PayExpenseModal expense={paying} onHide={() => setPaying(null)} />
    </>
  );
}
