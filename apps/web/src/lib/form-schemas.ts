import { discountBody } from '@ordem-certa/contracts';

// The schemas of the forms on the technician's order screen and of the line and payment modals it shares
// with other screens. Imported only through lazySchema (schema-source.ts), never statically: the order
// screen then paints without zod, and the schemas come when a form first checks a field (kept on the
// phone for offline use with the rest of the technician's screens).

export {
  addCommentBody,
  addEquipmentBody,
  addProductBody,
  addServiceBody,
  addWorkerBody,
  createInstallmentsBody,
  createPaymentBody,
  editProductLineBody,
  editServiceLineBody,
  invoiceInfoBody,
  invoiceVisitBody,
  nfseCancelBody,
  nfseSubstituteBody,
  nfseWithholdingsBody,
  payBody,
  payReceivableBody,
  pixRefundBody,
} from '@ordem-certa/contracts';

/** The discount form: in edit mode the discount is at least 0.01; 0 is what 'Remover' sends. */
export const discountForm = discountBody.refine((v) => v.discount >= 0.01, {
  path: ['discount'],
  message: 'O desconto deve ser no mínimo 0,01',
});
