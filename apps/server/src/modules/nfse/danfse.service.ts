import { nfseMessages } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import { notFound } from '../../lib/errors.ts';
import { danfsePdf, documentOf } from '../../core/documents/danfse.ts';
import { visibleInvoice, type Actor } from '../../core/orders/invoice-access.ts';

/** GET invoices/{id}/nfse/danfse.pdf: the latest NFS-e's DANFSe (a canceled or replaced one says so). */
export async function getDanfse(db: Db, actor: Actor, invoiceId: number) {
  await visibleInvoice(db, actor, invoiceId);
  const row = await documentOf(db, actor.organizationId, invoiceId);
  if (!row) throw notFound(nfseMessages.noDanfse);
  return danfsePdf(db, row);
}
