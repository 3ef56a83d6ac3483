import type { ReportSpec } from '../../core/reports/registry.ts';
import { cashFlow } from './cash-flow-report.ts';
import { estimates } from './estimate-report.ts';
import { orderMargin, receivables, revenueByCustomer, revenueByMonth } from './money-reports.ts';
import { itemsSold, ordersPerWorker, serviceOrders } from './order-reports.ts';

/** The reports this feature writes, in the order the list shows them; other features add their own. */
export const reports: ReportSpec[] = [
  serviceOrders,
  revenueByMonth,
  revenueByCustomer,
  itemsSold,
  ordersPerWorker,
  estimates,
  receivables,
  orderMargin,
  cashFlow,
];
