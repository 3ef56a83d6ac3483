import { Link } from 'react-router';
import { Badge } from 'react-bootstrap';
import type { Reminder } from '@oficina/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { baseFilterDefaults, usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { useReminders } from '../api/get-reminders.ts';

const columns: Column<Reminder>[] = [
  { header: '#', cell: (r) => r.id, className: 'col-id' },
  {
    header: 'Nome',
    cell: (r) => (
      <>
        <Link to={`/reminders/${r.id}/edit`}>{r.description}</Link>
        {r.isRequired && (
          <Badge bg="light" text="dark" className="ms-2 border">
            Obrigatório
          </Badge>
        )}
      </>
    ),
  },
  { header: 'Ativo?', cell: (r) => (r.isActive ? 'Sim' : 'Não'), className: 'text-nowrap' },
];

export function RemindersPage() {
  const [filter, setFilter] = usePersistedFilter('reminders', baseFilterDefaults);
  const reminders = useReminders(filter);
  return (
    <>
      <PageHeader
        title="Lembretes"
        actions={
          <Link to="/reminders/new" className="btn btn-primary">
            Novo
          </Link>
        }
      />
      <div className="card-list">
        <DataTable columns={columns} rows={reminders.data?.data} rowKey={(r) => r.id} isLoading={reminders.isPending} />
        <PaginationBar meta={reminders.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
