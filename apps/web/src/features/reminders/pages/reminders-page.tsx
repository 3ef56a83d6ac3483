import { Link } from 'react-router';
import { Badge } from 'react-bootstrap';
import type { Reminder } from '@oficina/contracts';
import { useReminders } from '../api/get-reminders.ts';
import type { Column } from '../../../components/data-table.tsx';
import { RegisterListPage, useRegisterFilter } from '../../../components/register-list-page.tsx';

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
  const { filter, onPage } = useRegisterFilter('reminders');
  return (
    <RegisterListPage
      title="Lembretes"
      newTo="/reminders/new"
      columns={columns}
      list={useReminders(filter)}
      rowKey={(r) => r.id}
      onPage={onPage}
    />
  );
}
