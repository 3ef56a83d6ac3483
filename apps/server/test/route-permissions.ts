import { builtInRoles, type Permission } from '@ordem-certa/contracts';

// Which permission each operation of the API needs, until each route names its own in its
// `config.access`: then the routes are the table, this file goes, and the access test walks the map
// and the roles from the OpenAPI document alone. Every signed-in operation is here exactly once; the
// public ones (each authorized by the token in its link, or serving no data) are not.
// `routePermissionMisfits` holds the table against the document: nothing missing, nothing twice,
// nothing stale, and today's rule kept (an operation open to a collaborator needs a permission of the
// Técnico role; an admin operation, one Técnico lacks).

const ORG = '/api/organizations/{orgId}';
const USERS = '/api/admin/organizations/{orgId}/users';

/** 'METHOD path' as the OpenAPI document lists it, per permission; an empty list is a rule inside answers. */
export const ROUTE_PERMISSIONS: Readonly<Record<Permission, readonly string[]>> = {
  'organization.see': ['GET /api/me', `GET ${ORG}`, `GET ${ORG}/invoice-statuses`],
  'profile.manage': [
    `GET ${ORG}/profile`,
    `PUT ${ORG}/profile`,
    `POST ${ORG}/profile/sign`,
    `GET ${ORG}/profile/calendar-link`,
    `POST ${ORG}/profile/calendar-link`,
    `DELETE ${ORG}/profile/calendar-link`,
  ],
  'notification.read': [
    `GET ${ORG}/notifications`,
    `POST ${ORG}/notifications/{id}/mark-as-read`,
    'GET /api/push/vapid-public-key',
    `POST ${ORG}/push-subscriptions`,
    `DELETE ${ORG}/push-subscriptions`,
  ],
  'lookup.use': ['GET /api/municipalities', 'GET /api/cep/{cep}', 'GET /api/cnpj/{cnpj}'],
  'customer.see': [
    `GET ${ORG}/customers`,
    `GET ${ORG}/customers/{id}/whatsapp-consent`,
    `GET ${ORG}/customers/{id}`,
    `GET ${ORG}/customers/{id}/addresses`,
    `GET ${ORG}/customers/{id}/addresses/{addressId}`,
    `GET ${ORG}/customers/{id}/equipments`,
    `GET ${ORG}/customers/{id}/equipments/{equipmentId}/history`,
    `GET ${ORG}/customers/{id}/equipments/{equipmentId}`,
  ],
  'customer.create': [`POST ${ORG}/customers`],
  'customer.edit': [
    `PUT ${ORG}/customers/{id}`,
    `PUT ${ORG}/customers/{id}/whatsapp-consent`,
    `POST ${ORG}/customers/{id}/addresses`,
    `PUT ${ORG}/customers/{id}/addresses/{addressId}`,
    `DELETE ${ORG}/customers/{id}/addresses/{addressId}`,
  ],
  'customer.delete': [`DELETE ${ORG}/customers/{id}`],
  'customer.personalData': [`GET ${ORG}/customers/{id}/export`, `POST ${ORG}/customers/{id}/anonymize`],
  'message.see': [`GET ${ORG}/customers/{id}/messages`, `GET ${ORG}/invoices/{id}/messages`],
  'message.send': [`POST ${ORG}/customers/{id}/messages`],
  'equipment.manage': [
    `POST ${ORG}/customers/{id}/equipments`,
    `PUT ${ORG}/customers/{id}/equipments/{equipmentId}`,
    `DELETE ${ORG}/customers/{id}/equipments/{equipmentId}`,
  ],
  'estimate.see': [
    `GET ${ORG}/estimates`,
    `GET ${ORG}/estimates/{id}`,
    `GET ${ORG}/estimates/{id}/comments`,
    `GET ${ORG}/estimates/{id}/reminders`,
    `GET ${ORG}/estimates/{id}/attachments/pictures`,
    `GET ${ORG}/estimates/{id}/attachments/pictures/{pictureId}`,
    `GET ${ORG}/estimates/{id}/emails`,
    `GET ${ORG}/estimates/{id}/invoices`,
  ],
  'estimate.create': [`POST ${ORG}/estimates`],
  'estimate.edit': [
    `GET ${ORG}/reminders/actives`,
    `POST ${ORG}/estimates/{id}/discount`,
    `GET ${ORG}/estimates/{id}/services/available`,
    `GET ${ORG}/estimates/{id}/products/available`,
    `GET ${ORG}/estimates/{id}/equipments/available`,
    `POST ${ORG}/estimates/{id}/services`,
    `POST ${ORG}/estimates/{id}/products`,
    `POST ${ORG}/estimates/{id}/equipments`,
    `PATCH ${ORG}/estimates/{id}/services/{lineId}`,
    `DELETE ${ORG}/estimates/{id}/services/{lineId}`,
    `PATCH ${ORG}/estimates/{id}/products/{lineId}`,
    `DELETE ${ORG}/estimates/{id}/products/{lineId}`,
    `DELETE ${ORG}/estimates/{id}/equipments/{lineId}`,
    `POST ${ORG}/estimates/{id}/comments`,
    `DELETE ${ORG}/estimates/{id}/comments/{commentId}`,
    `POST ${ORG}/estimates/{id}/reminders`,
    `PATCH ${ORG}/estimates/{id}/reminders/{reminderId}`,
    `POST ${ORG}/estimates/{id}/attachments/pictures`,
    `DELETE ${ORG}/estimates/{id}/attachments/pictures/{pictureId}`,
  ],
  'estimate.send': [
    `POST ${ORG}/estimates/{id}/share`,
    `DELETE ${ORG}/estimates/{id}/share`,
    `POST ${ORG}/estimates/{id}/pdf`,
    `POST ${ORG}/estimates/{id}/email`,
  ],
  'estimate.approve': [`PATCH ${ORG}/estimates/{id}`],
  'invoice.see': [
    `GET ${ORG}/invoices/filter`,
    `GET ${ORG}/invoices/{id}`,
    `GET ${ORG}/invoices/{id}/allowed-changes`,
    `GET ${ORG}/invoices/{id}/comments/type/{type}`,
    `GET ${ORG}/invoices/{id}/attachments/pictures`,
    `GET ${ORG}/invoices/{id}/attachments/pictures/{pictureId}`,
    `GET ${ORG}/invoices/{id}/signatures/{signatureId}/image`,
    `POST ${ORG}/invoices/{id}/pdf`,
    `GET ${ORG}/agenda`,
    `GET ${ORG}/invoices/{id}/checklists`,
  ],
  'invoice.seeAll': [`GET ${ORG}/invoices/wip`, `GET ${ORG}/invoices/completed`, `GET ${ORG}/invoices/blocked`],
  'invoice.create': [`POST ${ORG}/invoices`, `POST ${ORG}/estimates/{id}/invoices`],
  'invoice.edit': [
    `POST ${ORG}/invoices/{id}/info`,
    `POST ${ORG}/invoices/{id}/discount`,
    `GET ${ORG}/invoices/{id}/services/available`,
    `GET ${ORG}/invoices/{id}/products/available`,
    `POST ${ORG}/invoices/{id}/services`,
    `POST ${ORG}/invoices/{id}/products`,
    `PATCH ${ORG}/invoices/{id}/services/{lineId}`,
    `DELETE ${ORG}/invoices/{id}/services/{lineId}`,
    `PATCH ${ORG}/invoices/{id}/products/{lineId}`,
    `DELETE ${ORG}/invoices/{id}/products/{lineId}`,
    `POST ${ORG}/invoices/{id}/checklists`,
    `DELETE ${ORG}/invoices/{id}/checklists/{checklistId}`,
  ],
  'invoice.schedule': [
    `POST ${ORG}/invoices/{id}/visit`,
    `GET ${ORG}/agenda/unscheduled`,
    `PUT ${ORG}/agenda/{invoiceId}`,
  ],
  'invoice.assign': [
    `GET ${ORG}/invoices/{id}/workers/available`,
    `POST ${ORG}/invoices/{id}/workers`,
    `DELETE ${ORG}/invoices/{id}/workers/{lineId}`,
  ],
  'invoice.work': [
    `POST ${ORG}/invoices/{id}/start`,
    `POST ${ORG}/invoices/{id}/todo`,
    `POST ${ORG}/invoices/{id}/complete`,
    `POST ${ORG}/invoices/{id}/block/{statusId}`,
    `GET ${ORG}/invoices/{id}/equipments/available`,
    `POST ${ORG}/invoices/{id}/equipments`,
    `DELETE ${ORG}/invoices/{id}/equipments/{lineId}`,
    `PUT ${ORG}/invoices/{id}/checklists/{checklistId}`,
  ],
  'invoice.comment': [
    `POST ${ORG}/invoices/{id}/comments`,
    `DELETE ${ORG}/invoices/{id}/comments/{commentId}`,
    `POST ${ORG}/invoices/{id}/attachments/pictures`,
    `DELETE ${ORG}/invoices/{id}/attachments/pictures/{pictureId}`,
  ],
  'invoice.internalComments': [],
  'invoice.cancel': [`POST ${ORG}/invoices/{id}/cancel/{statusId}`],
  'invoice.reopen': [],
  'invoice.send': [
    `POST ${ORG}/invoices/{id}/sign-link`,
    `POST ${ORG}/invoices/{id}/email`,
    `GET ${ORG}/invoices/{id}/emails`,
  ],
  'maintenancePlan.see': [
    `GET ${ORG}/maintenance-plans`,
    `GET ${ORG}/maintenance-plans/{id}`,
    `GET ${ORG}/maintenance-plans/{id}/occurrences`,
    `POST ${ORG}/maintenance-plans/{id}/report`,
  ],
  'maintenancePlan.manage': [
    `POST ${ORG}/maintenance-plans`,
    `PUT ${ORG}/maintenance-plans/{id}`,
    `POST ${ORG}/maintenance-plans/{id}/end`,
    `POST ${ORG}/maintenance-plans/{id}/generate`,
  ],
  'price.see': [],
  'cost.see': [],
  'payment.see': [`GET ${ORG}/invoices/{id}/payments`, `GET ${ORG}/receivables`, `GET ${ORG}/receivables/csv`],
  'payment.record': [
    `POST ${ORG}/invoices/{id}/pay`,
    `POST ${ORG}/invoices/{id}/undo-payment`,
    `POST ${ORG}/invoices/{id}/payments`,
    `DELETE ${ORG}/invoices/{id}/payments/{paymentId}`,
    `POST ${ORG}/invoices/{id}/installments`,
    `POST ${ORG}/receivables/{id}/pay`,
  ],
  'expense.see': [
    `GET ${ORG}/expenses`,
    `GET ${ORG}/expenses/categories`,
    `GET ${ORG}/expenses/{id}`,
    `GET ${ORG}/expenses/{id}/attachment`,
  ],
  'expense.manage': [
    `POST ${ORG}/expenses`,
    `PUT ${ORG}/expenses/{id}`,
    `DELETE ${ORG}/expenses/{id}`,
    `POST ${ORG}/expenses/{id}/pay`,
    `POST ${ORG}/expenses/{id}/attachment`,
    `DELETE ${ORG}/expenses/{id}/attachment`,
  ],
  'report.see': [
    `GET ${ORG}/reports`,
    `GET ${ORG}/reports/{report}/filters`,
    `POST ${ORG}/reports/{report}/data`,
    `POST ${ORG}/reports/{report}/csv`,
  ],
  'payroll.manage': [
    `GET ${ORG}/payrolls`,
    `POST ${ORG}/payrolls`,
    `GET ${ORG}/payrolls/pending`,
    `GET ${ORG}/payrolls/{id}`,
    `DELETE ${ORG}/payrolls/{id}`,
    `GET ${ORG}/payrolls/{id}/workers`,
    `POST ${ORG}/payrolls/{id}/workers/{lineId}/pay`,
    `POST ${ORG}/payrolls/{id}/workers/{workerId}/pdf`,
  ],
  'commission.manage': [
    `PATCH ${USERS}/{id}/financial`,
    `GET ${USERS}/{id}/pay-rules`,
    `POST ${USERS}/{id}/pay-rules`,
    `DELETE ${USERS}/{id}/pay-rules/{ruleId}`,
  ],
  'nfse.see': [
    `GET ${ORG}/invoices/{id}/nfse`,
    `GET ${ORG}/invoices/{id}/nfse/dps.xml`,
    `GET ${ORG}/invoices/{id}/nfse/nfse.xml`,
    `GET ${ORG}/invoices/{id}/nfse/cancel.xml`,
    `GET ${ORG}/nfse/export`,
  ],
  'nfse.issue': [`POST ${ORG}/invoices/{id}/nfse`, `POST ${ORG}/invoices/{id}/nfse/cancel`],
  'nfse.configure': [
    `GET ${ORG}/companies/{id}/fiscal`,
    `PUT ${ORG}/companies/{id}/fiscal`,
    `POST ${ORG}/companies/{id}/certificate`,
  ],
  'product.see': [`GET ${ORG}/products`, `GET ${ORG}/products/{id}`, `GET ${ORG}/products/{id}/stock-movements`],
  'product.manage': [`POST ${ORG}/products`, `PUT ${ORG}/products/{id}`, `POST ${ORG}/products/{id}/stock-movements`],
  'service.see': [`GET ${ORG}/services`, `GET ${ORG}/services/{id}`],
  'service.manage': [`POST ${ORG}/services`, `DELETE ${ORG}/services/{id}`, `PUT ${ORG}/services/{id}`],
  'company.see': [
    `GET ${ORG}/companies`,
    `GET ${ORG}/companies/{id}`,
    `GET ${ORG}/companies/{id}/whatsapp`,
    `GET ${ORG}/companies/{id}/logo`,
    `GET ${ORG}/companies/{id}/signature-image`,
    `GET ${ORG}/companies/{id}/addresses`,
    `GET ${ORG}/companies/{id}/addresses/{addressId}`,
  ],
  'company.manage': [
    `POST ${ORG}/companies`,
    `PUT ${ORG}/companies/{id}`,
    `POST ${ORG}/companies/{id}/email`,
    `PUT ${ORG}/companies/{id}/whatsapp`,
    `PUT ${ORG}/companies/{id}/pix`,
    `POST ${ORG}/companies/{id}/sign`,
    `POST ${ORG}/companies/{id}/logo`,
    `DELETE ${ORG}/companies/{id}/logo`,
    `POST ${ORG}/companies/{id}/signature-image`,
    `DELETE ${ORG}/companies/{id}/signature-image`,
    `POST ${ORG}/companies/{id}/addresses`,
    `PUT ${ORG}/companies/{id}/addresses/{addressId}`,
    `DELETE ${ORG}/companies/{id}/addresses/{addressId}`,
  ],
  'transactionNature.see': [`GET ${ORG}/transaction-natures`, `GET ${ORG}/transaction-natures/{id}`],
  'transactionNature.manage': [`POST ${ORG}/transaction-natures`, `PUT ${ORG}/transaction-natures/{id}`],
  'invoiceStatus.manage': [
    `POST ${ORG}/invoice-statuses`,
    `GET ${ORG}/invoice-statuses/{id}`,
    `PUT ${ORG}/invoice-statuses/{id}`,
  ],
  'tag.manage': [`GET ${ORG}/tags`, `POST ${ORG}/tags`, `GET ${ORG}/tags/{id}`, `PUT ${ORG}/tags/{id}`],
  'tag.apply': [
    `GET ${ORG}/invoices/{id}/tags/available`,
    `POST ${ORG}/invoices/{id}/tags/{tagId}`,
    `DELETE ${ORG}/invoices/{id}/tags/{tagId}`,
    `GET ${ORG}/estimates/{id}/tags/available`,
    `POST ${ORG}/estimates/{id}/tags/{tagId}`,
    `DELETE ${ORG}/estimates/{id}/tags/{tagId}`,
  ],
  'reminder.manage': [
    `GET ${ORG}/reminders`,
    `POST ${ORG}/reminders`,
    `GET ${ORG}/reminders/{id}`,
    `PUT ${ORG}/reminders/{id}`,
  ],
  'checklist.see': [`GET ${ORG}/checklist-templates`, `GET ${ORG}/checklist-templates/{id}`],
  'checklist.manage': [
    `POST ${ORG}/checklist-templates`,
    `PUT ${ORG}/checklist-templates/{id}`,
    `DELETE ${ORG}/checklist-templates/{id}`,
  ],
  'import.run': [`POST ${ORG}/import/{kind}`],
  'organization.manage': [`PUT ${ORG}`],
  'whatsapp.configure': [
    `GET ${ORG}/whatsapp/settings`,
    `PUT ${ORG}/whatsapp/settings`,
    `POST ${ORG}/whatsapp/settings/test`,
    `GET ${ORG}/whatsapp/templates`,
    `POST ${ORG}/whatsapp/templates/submit`,
    `POST ${ORG}/whatsapp/templates/sync`,
  ],
  'user.see': [`GET ${USERS}/workers`],
  'user.manage': [
    `GET ${USERS}`,
    `POST ${USERS}`,
    `GET ${USERS}/available-roles`,
    `GET ${USERS}/{id}`,
    `PUT ${USERS}/{id}`,
  ],
  'auditLog.see': [`GET ${ORG}/audit-logs`],
};

export interface DocumentedOperation {
  method: string;
  path: string;
  /** The document's `x-access`: 'public', 'user' or 'admin', and 'feature:…' when one is needed. */
  access: string;
}

/** The ways the table and the document disagree, one line each; none when they agree. */
export function routePermissionMisfits(operations: readonly DocumentedOperation[]): string[] {
  const technician = builtInRoles.technician.permissions;
  const owner = new Map<string, Permission[]>();
  for (const [permission, ops] of Object.entries(ROUTE_PERMISSIONS) as [Permission, readonly string[]][])
    for (const op of ops) owner.set(op, [...(owner.get(op) ?? []), permission]);
  const out: string[] = [];
  const documented = new Set<string>();
  for (const op of operations) {
    const key = `${op.method} ${op.path}`;
    documented.add(key);
    const found = owner.get(key) ?? [];
    const words = op.access.split(' ');
    if (words.includes('public')) {
      if (found.length) out.push(`${key}: public, yet listed under ${found.join(', ')}`);
    } else if (found.length !== 1) out.push(`${key}: needs exactly one permission, has ${found.length}`);
    else if (words.includes('user') && !technician.has(found[0]!))
      out.push(`${key}: open to a collaborator, but ${found[0]} is not Técnico's`);
    else if (words.includes('admin') && technician.has(found[0]!))
      out.push(`${key}: admin only, but ${found[0]} is Técnico's`);
  }
  for (const key of owner.keys()) if (!documented.has(key)) out.push(`${key}: no such operation`);
  return out.sort();
}
