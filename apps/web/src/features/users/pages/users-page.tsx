import { Link } from 'react-router';
import { Badge } from 'react-bootstrap';
import { roleLabel, type UserListItem } from '@oficina/contracts';
import { useUsers } from '../api/get-users.ts';
import type { Column } from '../../../components/data-table.tsx';
import { RegisterListPage, useRegisterFilter } from '../../../components/register-list-page.tsx';

const columns: Column<UserListItem>[] = [
  { header: '#', cell: (u) => u.id, className: 'col-id' },
  { header: 'Perfil', cell: (u) => roleLabel(u.role), className: 'text-nowrap' },
  {
    header: 'Nome',
    cell: (u) => (
      <>
        <Link to={`/admin/users/${u.id}/edit`}>{u.name}</Link>
        {!u.isActive && (
          <Badge bg="secondary" className="ms-2">
            Inativo
          </Badge>
        )}
        {/* On a phone the e-mail goes under the name instead of its own column. */}
        <div className="d-sm-none small text-body-secondary text-break">{u.email}</div>
      </>
    ),
  },
  { header: 'E-mail', cell: (u) => u.email, className: 'd-none d-sm-table-cell text-break' },
];

export function UsersPage() {
  const { filter, onPage, search } = useRegisterFilter('users');
  return (
    <RegisterListPage
      title="Colaboradores"
      newTo="/admin/users/new"
      columns={columns}
      list={useUsers(filter)}
      rowKey={(u) => u.id}
      onPage={onPage}
      search={search}
    />
  );
}
