import { useNavigate, useParams } from 'react-router';
import { Alert } from 'react-bootstrap';
import { toast } from 'react-toastify';
import type { ServiceBody } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCreateService } from '../api/create-service.ts';
import { useService } from '../api/get-service.ts';
import { useUpdateService } from '../api/update-service.ts';
import { ServiceForm } from '../components/service-form.tsx';

export function ServiceNewPage() {
  const navigate = useNavigate();
  const create = useCreateService();
  const onSubmit = async (values: ServiceBody) => {
    await create.mutateAsync(values);
    toast.success('Serviço cadastrado com sucesso');
    navigate('/services');
  };
  return (
    <>
      <PageHeader title="Novo Serviço" />
      <ServiceForm onSubmit={onSubmit} />
    </>
  );
}

export function ServiceEditPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const service = useService(id);
  const update = useUpdateService(id);
  const onSubmit = async (values: ServiceBody) => {
    await update.mutateAsync(values);
    toast.success('Serviço alterado com sucesso');
    navigate('/services');
  };
  return (
    <>
      <PageHeader title={`Editar Serviço ${id}`} />
      <QueryState isPending={service.isPending} error={service.error}>
        {service.data?.archivedAt && (
          <Alert variant="secondary">
            Este serviço foi removido em {formatDate(service.data.archivedAt)}: ele não é mais oferecido para novas
            ordens e orçamentos.
          </Alert>
        )}
        {service.data && (
          <ServiceForm
            key={service.data.id}
            defaultValues={{ name: service.data.name, price: service.data.price }}
            onSubmit={onSubmit}
          />
        )}
      </QueryState>
    </>
  );
}
