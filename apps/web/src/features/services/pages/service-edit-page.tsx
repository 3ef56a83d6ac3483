import { Alert } from 'react-bootstrap';
import { PageHeader } from '../../../components/page-header.tsx';
import { RegisterEditPage, useRecordId, useSaveAndReturn } from '../../../components/register-edit-page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCreateService } from '../api/create-service.ts';
import { useService } from '../api/get-service.ts';
import { useUpdateService } from '../api/update-service.ts';
import { ServiceForm } from '../components/service-form.tsx';

export function ServiceNewPage() {
  const create = useCreateService();
  const onSubmit = useSaveAndReturn(create.mutateAsync, 'Serviço cadastrado com sucesso', '/services');
  return (
    <>
      <PageHeader title="Novo Serviço" />
      <ServiceForm onSubmit={onSubmit} />
    </>
  );
}

export function ServiceEditPage() {
  const id = useRecordId();
  const update = useUpdateService(id);
  const onSubmit = useSaveAndReturn(update.mutateAsync, 'Serviço alterado com sucesso', '/services');
  return (
    <RegisterEditPage id={id} record={useService(id)} what="o serviço" title={`Editar Serviço ${id}`}>
      {(service) => (
        <>
          {service.archivedAt && (
            <Alert variant="secondary">
              Este serviço foi removido em {formatDate(service.archivedAt)}: ele não é mais oferecido para novas ordens
              e orçamentos.
            </Alert>
          )}
          <ServiceForm
            key={service.id}
            defaultValues={{
              name: service.name,
              code: service.code ?? '',
              price: service.price ?? 0,
              warrantyDays: service.warrantyDays,
              serviceCode: service.serviceCode ?? '',
            }}
            onSubmit={onSubmit}
          />
        </>
      )}
    </RegisterEditPage>
  );
}
