import { Link } from 'react-router';
import type { ChecklistTemplate } from '@ordem-certa/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { baseFilterDefaults, usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { useTemplates } from '../api/templates.ts';

const columns: Column<ChecklistTemplate>[] = [
  { header: '#', cell: (t) => t.id, className: 'col-id' },
  {
    header: 'Nome',
    cell: (t) => <Link to={`/checklist-templates/${t.id}/edit`}>{t.name}</Link>,
  },
  {
    header: 'Itens',
    className: 'text-nowrap',
    cell: (t) => `${t.items.length} (${t.items.filter((i) => i.required).length} obrigatórios)`,
  },
];

/** The office's checklists: what the technician fills in on an order. */
export function TemplatesPage() {
  const [filter, setFilter] = usePersistedFilter('checklist-templates', baseFilterDefaults);
  const list = useTemplates(filter);
  return (
    <>
      <PageHeader
        title="Checklists"
        actions={
          <Link to="/checklist-templates/new" className="btn btn-primary">
            Novo
          </Link>
        }
      />
      <div className="mb-3" style={{ maxWidth: 420 }}>
        <SearchBox value={filter.q} onChange={(q) => setFilter((f) => ({ ...f, q, skip: 0 }))} />
      </div>
      <div className="card-list">
        <DataTable columns={columns} rows={list.data?.data} rowKey={(t) => t.id} isLoading={list.isPending} />
        <PaginationBar meta={list.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
