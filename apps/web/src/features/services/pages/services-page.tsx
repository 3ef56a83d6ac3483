import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { Service } from '@oficina/contracts';
import { ActionButton } from '../../../components/action-button.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { baseFilterDefaults, usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { useServices } from '../api/get-services.ts';

const REMOVE_FAILED = 'Houve um problema ao tentar remover o serviço. Tente novamente.';

const serviceColumns = (onDelete: (s: Service) => Promise<void>): Column<Service>[] => [
  { header: '#', cell: (s) => s.id, className: 'col-id' },
  { header: 'Nome', cell: (s) => <Link to={`/services/${s.id}/edit`}>{s.name}</Link> },
  { header: 'Preço', cell: (s) => formatMoney(s.price), className: 'text-end text-nowrap' },
  {
    header: <span className="visually-hidden">Ações</span>,
    className: 'text-end col-actions',
    cell: (s) => (
      <ActionButton
        size="sm"
        variant="outline-danger"
        aria-label={`Remover ${s.name}`}
        title="Remover"
        action={() => onDelete(s)}
      >
        <TrashIcon />
        <span className="d-none d-sm-inline ms-1">Remover</span>
      </ActionButton>
    ),
  },
];

export function ServicesPage() {
  const [filter, setFilter] = usePersistedFilter('services', baseFilterDefaults);
  const services = useServices(filter);
  const remove = useDeleteService();
  const confirm = useConfirm();

  const onDelete = async (service: Service) => {
    if (!(await confirm({ title: `Remover ${service.name}?`, confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(service.id);
      toast.success('Serviço removido com sucesso');
    } catch (err) {
      toastApiError(err, REMOVE_FAILED);
    }
  };

  const columns = serviceColumns(onDelete);

  return (
    <>
      <PageHeader
        title="Serviços"
        actions={
          <Link to="/services/new" className="btn btn-primary">
            Novo
          </Link>
        }
      />
      <div className="card-list">
        <div className="list-toolbar mb-3">
          <SearchBox value={filter.q} onChange={(q) => setFilter((f) => ({ ...f, q, skip: 0 }))} />
        </div>
        <DataTable columns={columns} rows={services.data?.data} rowKey={(s) => s.id} isLoading={services.isPending} />
        <PaginationBar meta={services.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
