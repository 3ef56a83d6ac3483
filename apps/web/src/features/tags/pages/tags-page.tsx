import { Link } from 'react-router';
import type { Tag } from '@oficina/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { TagBadge } from '../../../components/tag-badge.tsx';
import { baseFilterDefaults, usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { useTags } from '../api/get-tags.ts';

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
  const [filter, setFilter] = usePersistedFilter('tags', baseFilterDefaults);
  const tags = useTags(filter);
  return (
    <>
      <PageHeader
        title="Etiquetas"
        actions={
          <Link to="/tags/new" className="btn btn-primary">
            Novo
          </Link>
        }
      />
      <div className="card-list">
        <DataTable columns={columns} rows={tags.data?.data} rowKey={(t) => t.id} isLoading={tags.isPending} />
        <PaginationBar meta={tags.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
