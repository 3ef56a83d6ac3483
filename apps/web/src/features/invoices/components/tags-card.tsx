import { useId, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { invoiceMessages, paperworkMessages, type InvoiceDetail } from '@oficina/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { AppModal } from '../../../components/app-modal.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { TagBadge } from '../../../components/tag-badge.tsx';
import { useAddTag } from '../api/add-tag.ts';
import { invoiceKey } from '../api/invoice-keys.ts';
import { useRemoveTag } from '../api/remove-tag.ts';
import { searchAvailableTags } from '../api/search-available-tags.ts';
import { toastRemoveFailed } from './notify.ts';
import { AddButton, SectionCard } from '../../../components/section-card.tsx';

/**
 * The order's tags in their colours. Admins add them (from tags/available, searched as they type) and
 * remove them with confirmation; tags are the shop's labels, so they stay editable on closed orders.
 */
export function TagsCard({ invoice, editable }: { invoice: InvoiceDetail; editable: boolean }) {
  const [adding, setAdding] = useState(false);
  const remove = useRemoveTag(invoice.id);
  const confirm = useConfirm();

  const onRemove = async (tag: InvoiceDetail['invoiceTags'][number]) => {
    if (!(await confirm({ title: `Remover a etiqueta ${tag.name}?`, confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(tag.tagId);
      toast.success(paperworkMessages.tagRemoved);
    } catch (err) {
      toastRemoveFailed(err, invoiceMessages.removeFailed('etiqueta'));
    }
  };

  return (
    <SectionCard
      title="Etiquetas"
      action={editable && <AddButton label="Adicionar etiqueta" onClick={() => setAdding(true)} />}
    >
      {invoice.invoiceTags.length ? (
        <ul className="d-flex flex-wrap gap-1 list-unstyled mb-0" aria-label="Etiquetas da ordem de serviço">
          {invoice.invoiceTags.map((t) => (
            <li key={t.tagId} className="d-inline-flex align-items-center">
              <TagBadge name={t.name} color={t.color} />
              {editable && (
                <button
                  type="button"
                  className="btn btn-link btn-sm tag-remove p-0 ms-1"
                  aria-label={`Remover etiqueta ${t.name}`}
                  title="Remover"
                  onClick={() => onRemove(t)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary mb-0 small">Nenhuma etiqueta</p>
      )}
      {editable && <AddTagModal invoiceId={invoice.id} show={adding} onHide={() => setAdding(false)} />}
    </SectionCard>
  );
}

function AddTagModal({ invoiceId, show, onHide }: { invoiceId: number; show: boolean; onHide(): void }) {
  const orgPath = useOrgPath();
  const uid = useId();
  const add = useAddTag(invoiceId);
  const [picked, setPicked] = useState<Option | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!picked) {
      setError(paperworkMessages.tagRequired);
      return;
    }
    try {
      await add.mutateAsync(picked.value);
      toast.success(paperworkMessages.tagAdded);
      onHide();
    } catch (err) {
      toastApiError(err, 'Não foi possível adicionar a etiqueta. Tente novamente.');
    }
  };

  return (
    <AppModal
      show={show}
      onHide={onHide}
      onExited={() => {
        setPicked(null);
        setError(null);
      }}
      title="Adicionar etiqueta"
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancelar
          </Button>
          <Button type="submit" form={`${uid}-form`} disabled={add.isPending}>
            {add.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
            Adicionar
          </Button>
        </>
      }
    >
      <Form id={`${uid}-form`} noValidate onSubmit={submit}>
        <Form.Group>
          <Form.Label htmlFor={`${uid}-tag`}>Etiqueta</Form.Label>
          <SearchableSelect
            id={`${uid}-tag`}
            queryKey={[...invoiceKey(orgPath, invoiceId), 'options', 'tags']}
            loadOptions={(q) => searchAvailableTags(orgPath, invoiceId, q)}
            value={picked}
            onChange={(opt) => {
              setPicked(opt);
              if (opt) setError(null);
            }}
            isInvalid={!!error}
            placeholder="Digite para pesquisar"
          />
          {error && <div className="invalid-feedback d-block">{error}</div>}
        </Form.Group>
      </Form>
    </AppModal>
  );
}
