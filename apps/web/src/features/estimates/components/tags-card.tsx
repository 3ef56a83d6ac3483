import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { estimateMessages, paperworkMessages, type EstimateDetail } from '@oficina/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { TagBadge } from '../../../components/tag-badge.tsx';
import { estimatePath } from '../api/estimate-keys.ts';
import { searchAvailableTags, useAddTag, useRemoveTag } from '../api/tags.ts';
import { SectionCard } from '../../../components/section-card.tsx';

/** Etiquetas: added and removed in any status. */
export function TagsCard({ estimate }: { estimate: EstimateDetail }) {
  const orgPath = useOrgPath();
  const add = useAddTag(estimate.id);
  const remove = useRemoveTag(estimate.id);
  const [key, setKey] = useState(0);
  return (
    <SectionCard title="Etiquetas">
      <div className="d-flex flex-wrap gap-1 mb-2">
        {estimate.estimateTags.map((t) => (
          <span key={t.tagId} className="d-inline-flex align-items-center">
            <TagBadge name={t.name} color={t.color} />
            <Button
              size="sm"
              variant="link"
              className="p-0 ms-1 text-danger"
              aria-label={`Remover etiqueta ${t.name}`}
              onClick={async () => {
                try {
                  await remove.mutateAsync(t.tagId);
                  toast.success(estimateMessages.tagRemoved);
                } catch (err) {
                  toastApiError(err, estimateMessages.removeFailed('etiqueta'));
                }
              }}
            >
              ×
            </Button>
          </span>
        ))}
        {estimate.estimateTags.length === 0 && <span className="text-body-secondary small">Nenhuma etiqueta</span>}
      </div>
      <SearchableSelect
        key={key}
        aria-label="Adicionar etiqueta"
        queryKey={['estimate', orgPath, estimate.id, 'tags', 'available']}
        loadOptions={(q) => searchAvailableTags(estimatePath(orgPath, estimate.id), q)}
        value={null}
        placeholder="Adicionar etiqueta..."
        onChange={async (opt) => {
          if (!opt) return;
          try {
            await add.mutateAsync(opt.value);
            toast.success(paperworkMessages.tagAdded);
          } catch (err) {
            toastApiError(err, messagesFallback);
          } finally {
            setKey((k) => k + 1);
          }
        }}
      />
    </SectionCard>
  );
}
const messagesFallback = 'Não foi possível adicionar a etiqueta';
