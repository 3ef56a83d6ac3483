import { Link } from 'react-router';
import { Button, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { can, type Service } from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { useServices } from '../api/get-services.ts';
import { RegisterListPage } from '../../../components/register-list-page.tsx';
import { useListFilter } from '../../../components/paged-table.tsx';

const REMOVE_FAILED = 'Houve um problema ao tentar remover o serviço. Tente novamente.';

const serviceColumns = (
  onDelete: ((s: Service) => void) | null,
  removingId: number | undefined,
  prices: boolean,
): Column<Service>[] => [
  { header: '#', cell: (s) => s.id, className: 'col-id' },
  { header: 'Nome', cell: (s) => <Link to={`/services/${s.id}/edit`}>{s.name}</Link> },
  { header: 'Código', cell: (s) => s.code, className: 'text-nowrap' },
  ...(prices
    ? [{ header: 'Preço', cell: (s: Service) => formatMoney(s.price), className: 'text-end text-nowrap' }]
    : []),
  ...(onDelete ? [removeColumn(onDelete, removingId)] : []),
];

const removeColumn = (onDelete: (s: Service) => void, removingId: number | undefined): Column<Service> => ({
  header: <span className="visually-hidden">Ações</span>,
  className: 'text-end col-actions',
  cell: (s) => (
    <Button
      size="sm"
      variant="outline-danger"
      aria-label={`Remover ${s.name}`}
      title="Remover"
      disabled={removingId === s.id}
      onClick={() => onDelete(s)}
    >
      {removingId === s.id ? <Spinner size="sm" aria-hidden /> : <TrashIcon />}
      <span className="d-none d-sm-inline ms-1">Remover</span>
    </Button>
  ),
});

export function ServicesPage() {
  const { filter, onPage, search } = useListFilter('services');
  const services = useServices(filter);
  const remove = useDeleteService();
  const confirm = useConfirm();
  const viewer = useViewer();
  const manages = can(viewer, 'service.manage');

  const onDelete = async (service: Service) => {
    if (!(await confirm({ title: `Remover ${service.name}?`, confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(service.id);
      toast.success('Serviço removido com sucesso');
    } catch (err) {
      toastApiError(err, REMOVE_FAILED);
    }
  };

  return (
    <RegisterListPage
      title="Serviços"
      newTo={manages ? '/services/new' : undefined}
      columns={serviceColumns(
        manages ? onDelete : null,
        remove.isPending ? remove.variables : undefined,
        can(viewer, 'price.see'),
      )}
      list={services}
      onPage={onPage}
      search={search}
    />
  );
}
