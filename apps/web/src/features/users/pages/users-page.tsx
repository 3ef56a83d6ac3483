import { Link } from 'react-router';
import { Badge } from 'react-bootstrap';
import { roleLabel, type UserListItem } from '@oficina/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { baseFilterDefaults, usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { useUsers } from '../api/get-users.ts';

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
  const [filter, setFilter] = usePersistedFilter('users', baseFilterDefaults);
  const users = useUsers(filter);
  return (
    <>
      <PageHeader
        title="Colaboradores"
        actions={
          <Link to="/admin/users/new" className="btn btn-primary">
            Novo
          </Link>
        }
      />
      <div className="card-list">
        <div className="list-toolbar mb-3">
          <SearchBox value={filter.q} onChange={(q) => setFilter((f) => ({ ...f, q, skip: 0 }))} />
        </div>
        <DataTable columns={columns} rows={users.data?.data} rowKey={(u) => u.id} isLoading={users.isPending} />
        <PaginationBar meta={users.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
