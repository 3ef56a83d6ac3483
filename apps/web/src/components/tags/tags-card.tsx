import { useId, useState, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { paperworkMessages } from '@ordem-certa/contracts';
import { toastApiError } from '../../lib/api-client.ts';
import { AppModal } from '../app-modal.tsx';
import { ModalFormFooter } from '../modal-form-footer.tsx';
import { RemoveItemButton } from '../remove-item-button.tsx';
import { SearchableSelect, type Option } from '../searchable-select.tsx';
import { AddButton, SectionCard } from '../section-card.tsx';
import { TagBadge } from '../tag-badge.tsx';
import { useRemoval, type Removal } from '../use-removal.ts';

/** A tag on a record. */
interface RecordTag {
  tagId: number;
  name: string;
  color: string;
}

/** How a record's tags are added: the organization's other tags, searched as the user types. */
export interface TagAdding {
  /** 'inline': a picker in the card adds the tag picked; 'modal': '+ Adicionar' opens a picker with 'Adicionar'. */
  with: 'inline' | 'modal';
  /** The picker's cache key and its search (GET …/tags/available). */
  optionsKey: readonly unknown[];
  loadOptions(q: string): Promise<Option[]>;
  add(tagId: number): Promise<unknown>;
  /** The toast when the server refuses without saying why. */
  failed: string;
}

interface TagsCardProps<T extends RecordTag> {
  tags: T[];
  /** The list's name for screen readers. */
  listLabel?: string;
  /** Add and remove; tags are the shop's labels, so a record takes them in any status. */
  editable: boolean;
  adding: TagAdding;
  removal: Removal<T>;
}

/** 'Etiquetas' of an order or an estimate: the tags in their colours, each with its '×', and the way to add one. */
export function TagsCard<T extends RecordTag>({ tags, listLabel, editable, adding, removal }: TagsCardProps<T>) {
  const [open, setOpen] = useState(false);
  const remove = useRemoval(removal);
  const modal = editable && adding.with === 'modal';
  return (
    <SectionCard
      title="Etiquetas"
      action={modal && <AddButton label="Adicionar etiqueta" onClick={() => setOpen(true)} />}
    >
      {tags.length ? (
        <ul className="d-flex flex-wrap gap-1 list-unstyled mb-0" aria-label={listLabel}>
          {tags.map((t) => (
            <li key={t.tagId} className="d-inline-flex align-items-center">
              <TagBadge name={t.name} color={t.color} />
              {editable && (
                <RemoveItemButton
                  what={`etiqueta ${t.name}`}
                  className="btn btn-link btn-sm tag-remove p-0 ms-1"
                  onClick={() => remove(t)}
                >
                  ×
                </RemoveItemButton>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary mb-0 small">Nenhuma etiqueta</p>
      )}
      {editable && adding.with === 'inline' && <InlineTagPicker adding={adding} />}
      {modal && <AddTagModal adding={adding} show={open} onHide={() => setOpen(false)} />}
    </SectionCard>
  );
}

/** Adds a tag as soon as it is picked; the picker empties again either way. */
function InlineTagPicker({ adding }: { adding: TagAdding }) {
  const [key, setKey] = useState(0);
  return (
    <div className="mt-2">
      <SearchableSelect
        key={key}
        aria-label="Adicionar etiqueta"
        queryKey={adding.optionsKey}
        loadOptions={adding.loadOptions}
        value={null}
        placeholder="Adicionar etiqueta..."
        onChange={async (opt) => {
          if (!opt) return;
          try {
            await adding.add(opt.value);
            toast.success(paperworkMessages.tagAdded);
          } catch (err) {
            toastApiError(err, adding.failed);
          } finally {
            setKey((k) => k + 1);
          }
        }}
      />
    </div>
  );
}

/** 'Adicionar etiqueta': pick one ('Selecione a etiqueta' if none), then 'Adicionar'; open on a refusal. */
function AddTagModal({ adding, show, onHide }: { adding: TagAdding; show: boolean; onHide(): void }) {
  const uid = useId();
  const [picked, setPicked] = useState<Option | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!picked) {
      setError(paperworkMessages.tagRequired);
      return;
    }
    setSending(true);
    try {
      await adding.add(picked.value);
      toast.success(paperworkMessages.tagAdded);
      onHide();
    } catch (err) {
      toastApiError(err, adding.failed);
    } finally {
      setSending(false);
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
      footer={<ModalFormFooter formId={`${uid}-form`} onCancel={onHide} isSubmitting={sending} label="Adicionar" />}
    >
      <Form id={`${uid}-form`} noValidate onSubmit={submit}>
        <Form.Group>
          <Form.Label htmlFor={`${uid}-tag`}>Etiqueta</Form.Label>
          <SearchableSelect
            id={`${uid}-tag`}
            queryKey={adding.optionsKey}
            loadOptions={adding.loadOptions}
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
