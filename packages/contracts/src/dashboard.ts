import { z } from 'zod';

// ---- the owner's dashboard (/painel): this month against the last --------------------------------

/** A figure this month (so far) and in the whole previous month, in the organization's zone. */
const compared = z.object({ current: z.number(), previous: z.number() });
/** Money figures are null for a reader who may not see prices. */
const comparedMoney = z.object({ current: z.number().nullable(), previous: z.number().nullable() });

export const dashboardResponse = z.object({
  timeZone: z.string(),
  /** The current month, 'YYYY-MM', and the previous one. */
  month: z.string(),
  previousMonth: z.string(),
  /** Completed orders' totals after discount, by the month they were completed. */
  revenue: comparedMoney,
  /** Payments received, by their payment date. */
  received: comparedMoney,
  /** Instalments not yet received: those still to fall due, and those overdue (today in the zone). */
  openReceivables: z.object({ count: z.number().int(), amount: z.number().nullable() }),
  overdueReceivables: z.object({ count: z.number().int(), amount: z.number().nullable() }),
  ordersOpened: compared,
  ordersCompleted: compared,
  estimatesCreated: compared,
  estimatesApproved: compared,
  /** Approved of the month's estimates, in % (null without estimates). */
  conversion: z.object({ current: z.number().nullable(), previous: z.number().nullable() }),
  /** Revenue per completed order (null without any, or for a reader who may not see prices). */
  averageTicket: comparedMoney,
  nps: z.object({
    current: z.number().nullable(),
    previous: z.number().nullable(),
    answers: z.number().int(),
  }),
  /**
   * The month's completed orders per technician, most first, and their time on the job this month (from
   * their stamps: null for a technician who stamped nothing).
   */
  technicians: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      completed: z.number().int(),
      workedMinutes: z.number().int().nullable(),
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
