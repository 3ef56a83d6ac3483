import { estimateMessages, type EstimateDetail } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { TagsCard as Tags } from '../../../components/tags/tags-card.tsx';
import { estimatePath } from '../api/estimate-keys.ts';
import { searchAvailableTags, useAddTag, useRemoveTag } from '../api/tags.ts';

/** Etiquetas: added from the picker in the card and removed at once, in any status. */
export function TagsCard({ estimate, editable }: { estimate: EstimateDetail; editable: boolean }) {
  const orgPath = useOrgPath();
  const add = useAddTag(estimate.id);
  const remove = useRemoveTag(estimate.id);
  return (
    <Tags
      tags={estimate.estimateTags}
      editable={editable}
      adding={{
        with: 'inline',
        optionsKey: ['estimate', orgPath, estimate.id, 'tags', 'available'],
        loadOptions: (q) => searchAvailableTags(estimatePath(orgPath, estimate.id), q),
        add: add.mutateAsync,
        failed: 'Não foi possível adicionar a etiqueta',
      }}
      removal={{
        question: () => null,
        run: (t) => remove.mutateAsync(t.tagId),
        removed: estimateMessages.tagRemoved,
        failed: (err) => toastApiError(err, estimateMessages.removeFailed('etiqueta')),
      }}
    />
  );
}
