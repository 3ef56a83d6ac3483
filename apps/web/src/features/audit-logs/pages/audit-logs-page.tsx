import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  auditActionLabels,
  auditActions,
  auditEntityLabels,
  type AuditActionName,
  type AuditLogItem,
} from '@ordem-certa/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';
import { useAuditLogs } from '../api/get-audit-logs.ts';
import { searchUsers } from '../api/search-users.ts';
import { AuditChangesModal } from '../components/audit-changes-modal.tsx';

interface AuditFilter extends BaseFilter {
  user: Option | null;
  action: string;
}
const defaults: AuditFilter = { ...baseFilterDefaults, user: null, action: '' };

const entityPath: Record<string, (id: number) => string> = {
  invoice: (id) => `/invoices/${id}/edit`,
  estimate: (id) => `/estimates/${id}/edit`,
  payroll: (id) => `/payrolls/${id}`,
  customer: (id) => `/customers/${id}/edit`,
  maintenancePlan: (id) => `/maintenance-plans/${id}`,
  user: (id) => `/admin/users/${id}/edit?tab=financial`,
};

/** Who did it: the user; without one, the server's maintenance plan job (its line names the plan) or the customer's link. */
const responsible = (r: AuditLogItem) =>
  r.user ?? (
    <span className="text-body-secondary">
      {r.data.some((c) => c.field === 'maintenancePlan') ? 'Sistema (plano de manutenção)' : 'Cliente (link)'}
    </span>
  );

/** The list's columns; the action opens the entry's changes. */
function auditColumns(onOpen: (entry: AuditLogItem) => void): Column<AuditLogItem>[] {
  return [
    { header: '#', cell: (r) => r.id, className: 'col-id' },
    {
      header: 'Ação',
      cell: (r) => (
        <Button variant="link" className="p-0 align-baseline" onClick={() => onOpen(r)}>
          {auditActionLabels[r.action] ?? r.action}
        </Button>
      ),
    },
    { header: 'Data', cell: (r) => formatDateTime(r.createdAt), className: 'text-nowrap' },
    {
      header: 'Id',
      cell: (r) => {
        const path = entityPath[r.entity];
        const text = r.entityNumber !== null ? `${r.entityId} (nº ${r.entityNumber})` : String(r.entityId);
        return path ? <Link to={path(r.entityId)}>{text}</Link> : text;
      },
      className: 'text-nowrap',
    },
    { header: 'Entidade', cell: (r) => auditEntityLabels[r.entity] ?? r.entity },
    { header: 'Responsável', cell: responsible },
  ];
}

/** /audit-logs: who did what to which order or estimate; each entry's changes open in a modal. */
export function AuditLogsPage() {
  const { user } = useAuth();
  const [filter, setFilter, reset] = usePersistedFilter('audit-logs', defaults);
  const [open, setOpen] = useState<AuditLogItem | null>(null);
  const list = useAuditLogs({
    q: filter.q || undefined,
    user: filter.user?.value,
    action: (filter.action || undefined) as AuditActionName | undefined,
    skip: filter.skip,
    take: filter.take,
  });
  const count = (filter.q ? 1 : 0) + (filter.user ? 1 : 0) + (filter.action ? 1 : 0);

  const columns = auditColumns(setOpen);

  return (
    <>
      <PageHeader
        title="Logs"
        actions={
          <FilterPopover<AuditFilter>
            value={filter}
            count={count}
            onApply={(next) => setFilter({ ...next, skip: 0 })}
            onClear={reset}
          >
            {(draft, setDraft) => (
              <>
                <Form.Group className="mb-3" controlId="audit-filter-q">
                  <Form.Label>Pesquisar</Form.Label>
                  <Form.Control
                    value={draft.q ?? ''}
                    placeholder="Número da OS ou nome"
                    onChange={(e) => setDraft({ ...draft, q: e.target.value })}
                  />
                </Form.Group>
                <Form.Group className="mb-3">
                  <Form.Label htmlFor="audit-filter-user">Responsável</Form.Label>
                  <SearchableSelect
                    id="audit-filter-user"
                    queryKey={['users', user?.organizationId, 'search']}
                    loadOptions={(q) => searchUsers(user?.organizationId ?? 0, q)}
                    value={draft.user}
                    onChange={(u) => setDraft({ ...draft, user: u })}
                    placeholder="Todos os colaboradores"
                  />
                </Form.Group>
                <Form.Group controlId="audit-filter-action">
                  <Form.Label>Ação</Form.Label>
                  <Form.Select value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
                    <option value="">Todas</option>
                    {auditActions.map((a) => (
                      <option key={a} value={a}>
                        {auditActionLabels[a]}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </>
            )}
          </FilterPopover>
        }
      />
      <div className="card-list">
        <div className="d-none d-sm-block">
          <DataTable columns={columns} rows={list.data?.data} rowKey={(r) => r.id} isLoading={list.isPending} />
        </div>
        {/* On a phone each entry is a small card: the table's six columns do not fit 375 px. */}
        <ul className="audit-cards list-unstyled mb-0 d-sm-none">
          {list.data?.data.map((r) => (
            <li key={r.id} className="audit-card">
              <div className="d-flex justify-content-between gap-2">
                {columns[1]!.cell(r)}
                <span className="small text-body-secondary">#{r.id}</span>
              </div>
              <div className="small">{formatDateTime(r.createdAt)}</div>
              <div className="small">
                {columns[4]!.cell(r)} {columns[3]!.cell(r)}
              </div>
              <div className="small text-body-secondary">{columns[5]!.cell(r)}</div>
            </li>
          ))}
          {list.data && list.data.data.length === 0 && (
            <li className="text-center text-body-secondary py-4">Nenhum registro</li>
          )}
        </ul>
        <PaginationBar meta={list.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
      <AuditChangesModal entry={open} onHide={() => setOpen(null)} />
    </>
  );
}
