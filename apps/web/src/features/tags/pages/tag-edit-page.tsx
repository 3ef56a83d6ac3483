import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import type { TagBody } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useCreateTag } from '../api/create-tag.ts';
import { useTag } from '../api/get-tag.ts';
import { useUpdateTag } from '../api/update-tag.ts';
import { TagForm } from '../components/tag-form.tsx';

export function TagNewPage() {
  const navigate = useNavigate();
  const create = useCreateTag();
  const onSubmit = async (values: TagBody) => {
    await create.mutateAsync(values);
    toast.success('Etiqueta cadastrada com sucesso');
    navigate('/tags');
  };
  return (
    <>
      <PageHeader title="Nova Etiqueta" />
      <TagForm onSubmit={onSubmit} />
    </>
  );
}

export function TagEditPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const tag = useTag(id);
  const update = useUpdateTag(id);
  const onSubmit = async (values: TagBody) => {
    await update.mutateAsync(values);
    toast.success('Etiqueta alterada com sucesso');
    navigate('/tags');
  };
  return (
    <>
      <PageHeader title={`Editar Etiqueta ${id}`} />
      <QueryState isPending={tag.isPending} error={tag.error}>
        {tag.data && (
          <TagForm
            key={tag.data.id}
            defaultValues={{ name: tag.data.name, color: tag.data.color }}
            onSubmit={onSubmit}
          />
        )}
      </QueryState>
    </>
  );
}
