import { Link } from 'react-router';
import type { Tag } from '@oficina/contracts';
import { TagBadge } from '../../../components/tag-badge.tsx';
import { useTags } from '../api/get-tags.ts';
import type { Column } from '../../../components/data-table.tsx';
import { RegisterListPage, useRegisterFilter } from '../../../components/register-list-page.tsx';

const columns: Column<Tag>[] = [
  { header: '#', cell: (t) => t.id, className: 'col-id' },
  {
    header: 'Nome',
    // Each name in its colour; the badge links to the edit page.
    cell: (t) => (
      <Link to={`/tags/${t.id}/edit`} className="text-decoration-none" aria-label={`Editar ${t.name}`}>
        <TagBadge name={t.name} color={t.color} />
      </Link>
    ),
  },
];

export function TagsPage() {
  const { filter, onPage } = useRegisterFilter('tags');
  return (
    <RegisterListPage
      title="Etiquetas"
      newTo="/tags/new"
      columns={columns}
      list={useTags(filter)}
      rowKey={(t) => t.id}
      onPage={onPage}
    />
  );
}
