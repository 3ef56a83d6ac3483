import { onCustomerEvents } from '../../core/notify/customer-events.ts';
import type { WhatsAppContext } from './connection.ts';
import {
  queueEstimateSent,
  queueOrderCompleted,
  queueRatingRequest,
  queuePaymentReceived,
  queueTechnicianOnTheWay,
  queueVisitScheduled,
  type Scope,
} from './template-data.ts';
import { queuePortalAccess } from './portal-access.ts';
import { queueServiceRequestUpdated } from './service-request-notice.ts';

/**
 * The WhatsApp channel hears of what the features write (an estimate's link, a visit's time, the
 * technician on the way, an order completed, a payment, a service request's new status) and queues each event's template in the writing transaction. Whether anything
 * is written is the outbox's decision there: the organization sends, has the event on, the customer
 * agreed. Returns what stops listening.
 */
export function listenToCustomerEvents(ctx: WhatsAppContext): () => void {
  return onCustomerEvents(ctx.db, 'whatsapp', (tx, organizationId, e) => {
    const scope: Scope = { organizationId, appUrl: ctx.config.appUrl ?? '' };
    switch (e.event) {
      case 'estimateSent':
        return queueEstimateSent(tx, scope, e.estimateId);
      case 'visitScheduled':
        return queueVisitScheduled(tx, scope, e.invoiceId);
      case 'technicianOnTheWay':
        return queueTechnicianOnTheWay(tx, scope, e.stampId);
      case 'orderCompleted':
        return queueOrderCompleted(tx, scope, e.invoiceId).then(() => queueRatingRequest(tx, scope, e.invoiceId));
      case 'paymentReceived':
        return queuePaymentReceived(tx, scope, e.paymentId);
      case 'portalAccess':
        return queuePortalAccess(tx, organizationId, e.customerId, e.linkId);
      case 'serviceRequestUpdated':
        return queueServiceRequestUpdated(tx, scope, e.requestId);
    }
  });
}
