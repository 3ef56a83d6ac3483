import { Link } from 'react-router';
import { Badge } from 'react-bootstrap';
import type { UserListItem } from '@ordem-certa/contracts';
import { useUsers } from '../api/get-users.ts';
import { registerListPage } from '../../../components/register-list-page.tsx';

export const UsersPage = registerListPage<UserListItem>({
  title: 'Colaboradores',
  path: '/admin/users',
  useList: useUsers,
  searchable: true,
  columns: [
    { header: '#', cell: (u) => u.id, className: 'col-id' },
    { header: 'Perfil', cell: (u) => u.roleName, className: 'text-nowrap' },
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
  ],
});
