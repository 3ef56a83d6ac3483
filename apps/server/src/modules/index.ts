import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes.ts';
import { signupRoutes } from './signup/signup.routes.ts';
import { firstStepsRoutes } from './first-steps/first-steps.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { organizationRoutes } from './organizations/organizations.routes.ts';
import { companyRoutes } from './companies/companies.routes.ts';
import { customerRoutes } from './customers/customers.routes.ts';
import { addressRoutes } from './addresses/addresses.routes.ts';
import { equipmentRoutes } from './equipments/equipments.routes.ts';
import { productRoutes } from './products/products.routes.ts';
import { serviceRoutes } from './services/services.routes.ts';
import { transactionNatureRoutes } from './transaction-natures/transaction-natures.routes.ts';
import { invoiceStatusRoutes } from './invoice-statuses/invoice-statuses.routes.ts';
import { reminderRoutes } from './reminders/reminders.routes.ts';
import { tagRoutes } from './tags/tags.routes.ts';
import { userRoutes } from './users/users.routes.ts';
import { roleRoutes } from './roles/roles.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { sessionRoutes } from './profile/sessions.routes.ts';
import { twoFactorRoutes } from './two-factor/two-factor.routes.ts';
import { invoiceRoutes } from './invoices/invoices.routes.ts';
import { payrollRoutes } from './payrolls/payrolls.routes.ts';
import { estimatePdfLinkRoutes, estimateShareRoutes } from './estimates/estimate-links.routes.ts';
import { invoiceLinkRoutes } from './invoices/invoice-links.routes.ts';
import { paySlipLinkRoutes } from './payrolls/pay-slip-link.routes.ts';
import { pmocReportLinkRoutes } from './maintenance-plans/pmoc-report-link.routes.ts';
import { ratingLinkRoutes } from './ratings/rating-link.routes.ts';
import { calendarFeedRoutes } from './calendar/calendar-feed.routes.ts';
import { estimateRoutes } from './estimates/estimates.routes.ts';
import { reportRoutes } from './reports/reports.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { reports } from './reports/report-definitions.ts';
import { nfseReports } from './nfse/nfse-report.ts';
import { contractReports } from './contracts/contract-reports.ts';
import { ratingReports } from './ratings/rating-reports.ts';
import { fieldReports } from './field/field-reports.ts';
import { reportRegistry } from '../core/reports/registry.ts';
import { auditLogRoutes } from './audit-logs/audit-logs.routes.ts';
import { notificationRoutes } from './notifications/notifications.routes.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { agendaRoutes } from './agenda/agenda.routes.ts';
import { checklistRoutes } from './checklists/checklists.routes.ts';
import { municipalityRoutes } from './municipalities/municipalities.routes.ts';
import { lookupRoutes } from './lookups/lookups.routes.ts';
import { importRoutes } from './imports/imports.routes.ts';
import { maintenancePlanRoutes } from './maintenance-plans/maintenance-plans.routes.ts';
import { contractRoutes } from './contracts/contracts.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { payRuleRoutes } from './pay-rules/pay-rules.routes.ts';
import { paymentRoutes } from './payments/payments.routes.ts';
import { expenseRoutes } from './expenses/expenses.routes.ts';
import { nfseRoutes } from './nfse/nfse.routes.ts';
import { pixPspRoutes } from './pix/pix-psp.routes.ts';
import { whatsappRoutes } from './whatsapp/whatsapp.routes.ts';
import { pixWebhookRoutes } from './pix/pix-webhook.routes.ts';
import { pixChargeRoutes } from './pix/pix-charges.routes.ts';
import { pixUnidentifiedRoutes } from './pix/pix-unidentified.routes.ts';
import { pixRefundRoutes } from './pix/pix-refunds.routes.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import { portalLinkRoutes } from './portal/portal-link.routes.ts';
import { invoicePortalRoutes } from './invoices/invoice-portal.routes.ts';
import { estimatePortalRoutes } from './estimates/estimate-portal.routes.ts';
import { equipmentPortalRoutes } from './equipments/equipment-portal.routes.ts';
import { receivablePortalRoutes } from './payments/receivable-portal.routes.ts';
import { nfsePortalRoutes } from './nfse/nfse-portal.routes.ts';
import { pmocPortalRoutes } from './maintenance-plans/pmoc-portal.routes.ts';
import { customerPortalRoutes } from './customers/customer-portal.routes.ts';
import { serviceRequestRoutes } from './service-requests/service-requests.routes.ts';
import { serviceRequestPortalRoutes } from './service-requests/service-request-portal.routes.ts';
import { fieldRoutes } from './field/field.routes.ts';
import { automaticoRoutes } from './pix/automatico.routes.ts';

/** The reports list, in its order: each feature writes the reports of its own data. */
const allReports = reportRegistry([...reports, ...nfseReports, ...contractReports, ...ratingReports, ...fieldReports]);

/** Every API module, registered under /api. A new feature adds its routes here. */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  signupRoutes,
  organizationRoutes,
  firstStepsRoutes,
  companyRoutes,
  customerRoutes,
  addressRoutes,
  equipmentRoutes,
  productRoutes,
  serviceRoutes,
  transactionNatureRoutes,
  invoiceStatusRoutes,
  reminderRoutes,
  tagRoutes,
  userRoutes,
  roleRoutes,
  profileRoutes,
  sessionRoutes,
  twoFactorRoutes,
  invoiceRoutes,
  payrollRoutes,
  // What works without a login, each call authorized by the token in its link (lib/signed-links.ts, or
  // an order's random signing token): the signing and approval pages' API, the PDFs opened in a new tab
  // and a technician's calendar feed. Listed together, so what is reachable without a login is seen here.
  estimateShareRoutes,
  invoiceLinkRoutes,
  paySlipLinkRoutes,
  estimatePdfLinkRoutes,
  pmocReportLinkRoutes,
  ratingLinkRoutes,
  calendarFeedRoutes,
  portalLinkRoutes,
  estimateRoutes,
  reportRoutes(allReports),
  dashboardRoutes,
  auditLogRoutes,
  notificationRoutes,
  calendarRoutes,
  agendaRoutes,
  checklistRoutes,
  municipalityRoutes,
  lookupRoutes,
  importRoutes,
  maintenancePlanRoutes,
  contractRoutes,
  pushRoutes,
  payRuleRoutes,
  paymentRoutes,
  expenseRoutes,
  nfseRoutes,
  pixPspRoutes,
  whatsappRoutes,
  pixWebhookRoutes,
  pixChargeRoutes,
  pixUnidentifiedRoutes,
  pixRefundRoutes,
  // The customer's portal: each call authorized by the customer's portal session (access: 'portal').
  portalRoutes,
  invoicePortalRoutes,
  estimatePortalRoutes,
  equipmentPortalRoutes,
  receivablePortalRoutes,
  nfsePortalRoutes,
  pmocPortalRoutes,
  customerPortalRoutes,
  serviceRequestPortalRoutes,
  serviceRequestRoutes,
  fieldRoutes,
  automaticoRoutes,
];
