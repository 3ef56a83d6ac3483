import { recordPictures } from '../../core/records/pictures.ts';
import { invoiceKind } from '../../core/orders/invoice-access.ts';

// An order's photos are the record core's (core/records/pictures.ts): everyone working on the order
// adds them, an admin or whoever took one removes it, nothing changes once Canceled or Completed.
export const invoicePictures = recordPictures(invoiceKind);
