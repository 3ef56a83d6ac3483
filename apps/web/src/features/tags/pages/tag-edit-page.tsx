import { PageHeader } from '../../../components/page-header.tsx';
import { RegisterEditPage, useRecordId, useSaveAndReturn } from '../../../components/register-edit-page.tsx';
import { useCreateTag } from '../api/create-tag.ts';
import { useTag } from '../api/get-tag.ts';
import { useUpdateTag } from '../api/update-tag.ts';
import { TagForm } from '../components/tag-form.tsx';

export function TagNewPage() {
  const create = useCreateTag();
  const onSubmit = useSaveAndReturn(create.mutateAsync, 'Etiqueta cadastrada com sucesso', '/tags');
  return (
    <>
      <PageHeader title="Nova Etiqueta" />
      <TagForm onSubmit={onSubmit} />
    </>
  );
}

export function TagEditPage() {
  const id = useRecordId();
  const update = useUpdateTag(id);
  const onSubmit = useSaveAndReturn(update.mutateAsync, 'Etiqueta alterada com sucesso', '/tags');
  return (
    <RegisterEditPage id={id} record={useTag(id)} what="a etiqueta" title={`Editar Etiqueta ${id}`}>
      {(tag) => <TagForm key={tag.id} defaultValues={{ name: tag.name, color: tag.color }} onSubmit={onSubmit} />}
    </RegisterEditPage>
  );
}
