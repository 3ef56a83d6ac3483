import { Link } from 'react-router';
import { Badge } from 'react-bootstrap';
import type { Reminder } from '@ordem-certa/contracts';
import { useReminders } from '../api/get-reminders.ts';
import { registerListPage } from '../../../components/register-list-page.tsx';

export const RemindersPage = registerListPage<Reminder>({
  title: 'Lembretes',
  path: '/reminders',
  useList: useReminders,
  columns: [
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
  ],
});
