import { invoiceMessages, paperworkMessages, type InvoiceDetail } from '@ordem-certa/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { TagsCard as Tags } from '../../../components/tags/tags-card.tsx';
import { useAddTag } from '../api/add-tag.ts';
import { invoiceKey } from '../api/invoice-keys.ts';
import { useRemoveTag } from '../api/remove-tag.ts';
import { searchAvailableTags } from '../api/search-available-tags.ts';
import { toastRemoveFailed } from './notify.ts';

/**
 * The order's tags in their colours. Admins add them (from tags/available, searched as they type) and
 * remove them with confirmation; tags are the shop's labels, so they stay editable on closed orders.
 */
export function TagsCard({ invoice, editable }: { invoice: InvoiceDetail; editable: boolean }) {
  const orgPath = useOrgPath();
  const add = useAddTag(invoice.id);
  const remove = useRemoveTag(invoice.id);
  return (
    <Tags
      tags={invoice.invoiceTags}
      listLabel="Etiquetas da ordem de serviço"
      editable={editable}
      adding={{
        with: 'modal',
        optionsKey: [...invoiceKey(orgPath, invoice.id), 'options', 'tags'],
        loadOptions: (q) => searchAvailableTags(orgPath, invoice.id, q),
        add: add.mutateAsync,
        failed: 'Não foi possível adicionar a etiqueta. Tente novamente.',
      }}
      removal={{
        question: (t) => ({ title: `Remover a etiqueta ${t.name}?`, confirmLabel: 'Remover' }),
        run: (t) => remove.mutateAsync(t.tagId),
        removed: paperworkMessages.tagRemoved,
        failed: (err) => toastRemoveFailed(err, invoiceMessages.removeFailed('etiqueta')),
      }}
    />
  );
}
