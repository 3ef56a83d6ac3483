import { paperworkMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { recordTags } from '../../core/records/tags.ts';
import { lockInvoice, recordChange, visibleInvoice } from '../../core/orders/invoice-access.ts';

/**
 * Tags of an order (admin). Tags are the shop's own labels ('Garantia', 'Urgente'), so they may change
 * in any state, also on a closed order.
 */
const tags = recordTags({
  link: schema.invoiceTags,
  column: 'invoice_id',
  find: visibleInvoice,
  lock: lockInvoice,
  record: recordChange,
  alreadyThere: paperworkMessages.tagAlreadyOnInvoice,
});
export const { available: availableTags, add: addTag, remove: removeTag } = tags;
