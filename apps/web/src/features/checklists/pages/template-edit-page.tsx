import { Button } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { checklistMessages, messages, type ChecklistTemplateBody } from '@ordem-certa/contracts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { toastApiError } from '../../../lib/api-client.ts';
import { useRetireTemplate, useSaveTemplate, useTemplate } from '../api/templates.ts';
import { TemplateForm } from '../components/template-form.tsx';

export function TemplateNewPage() {
  const navigate = useNavigate();
  const save = useSaveTemplate();
  const onSubmit = async (values: ChecklistTemplateBody) => {
    await save.mutateAsync(values);
    toast.success(checklistMessages.created);
    navigate('/checklist-templates');
  };
  return (
    <>
      <PageHeader title="Novo Checklist" />
      <TemplateForm onSubmit={onSubmit} />
    </>
  );
}

export function TemplateEditPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const template = useTemplate(id);
  const save = useSaveTemplate(id);
  const retire = useRetireTemplate();
  const confirm = useConfirm();
  const onSubmit = async (values: ChecklistTemplateBody) => {
    await save.mutateAsync(values);
    toast.success(checklistMessages.updated);
    navigate('/checklist-templates');
  };
  const onRetire = async () => {
    const ok = await confirm({
      title: 'Retirar o checklist?',
      text: 'Ele deixa de ser oferecido nas ordens de serviço; as que já o usam guardam a sua cópia.',
      confirmLabel: 'Retirar',
    });
    if (!ok) return;
    try {
      await retire.mutateAsync(id);
      toast.success(checklistMessages.retired);
      navigate('/checklist-templates');
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };
  return (
    <>
      <PageHeader
        title={`Editar Checklist ${id}`}
        actions={
          template.data &&
          !template.data.retired && (
            <Button variant="outline-danger" onClick={onRetire}>
              Retirar
            </Button>
          )
        }
      />
      <QueryState isPending={template.isPending} error={template.error}>
        {template.data && (
          <TemplateForm
            key={template.data.id}
            defaultValues={{
              name: template.data.name,
              items: template.data.items.map(({ label, kind, required }) => ({ label, kind, required })),
            }}
            onSubmit={onSubmit}
          />
        )}
      </QueryState>
    </>
  );
}
