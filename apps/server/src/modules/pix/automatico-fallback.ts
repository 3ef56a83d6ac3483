import { eq, sql } from 'drizzle-orm';
import { formatMoney, fromCents } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { escapeHtml } from '../../lib/html.ts';
import { brDate } from '../../core/payments/payments.ts';
import { queueOrderEmail } from '../../core/records/queued-emails.ts';
import type { PixContext } from './pix-psp.service.ts';

// When a period's recurring charge cannot be paid (refused, expired, canceled, or failed with no new
// attempt left), the period is charged the usual way: its instalment gets its charge with due date at the
// PSP (the charge job leaves alone, while a recurring charge is on, an instalment the recurring charge
// covers), and once the period is billed the customer is told by e-mail, once, to pay it.

const cobr = schema.contractPixRecurringCharges;

/** The charge gives way (once); the period's order, if billed, is queued for its normal charge. */
export async function fallBack(ctx: PixContext, chargeId: number) {
  await ctx.db.transaction(async (tx) => {
    const [c] = await tx
      .update(cobr)
      .set({ fallbackAt: new Date(), updatedAt: new Date() })
      .where(sql`${cobr.id} = ${chargeId} AND ${cobr.fallbackAt} IS NULL AND ${cobr.pixReceivedId} IS NULL`)
      .returning();
    if (!c) return;
    ctx.log.info(
      { contractId: c.contractId, period: c.periodDate },
      'Pix Automático charge replaced by a normal charge',
    );
    await tx.execute(sql`
      INSERT INTO pix_charge_queue (invoice_id, organization_id)
      SELECT p.invoice_id, p.organization_id FROM contract_periods p
       WHERE p.contract_id = ${c.contractId} AND p.period_date = ${c.periodDate} AND p.invoice_id IS NOT NULL
      ON CONFLICT (invoice_id) DO UPDATE SET seq = pix_charge_queue.seq + 1, next_attempt_at = now()`);
  });
}

/**
 * The reminders of the periods that fell back, once each period is billed and its instalment still open:
 * an e-mail queued on the period's order (sent by the charge job), the charge stamped in the same
 * transaction so it goes once.
 */
export async function remindFallbacks(ctx: PixContext) {
  const due = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT c.id FROM contract_pix_recurring_charges c
          JOIN contract_periods p ON p.contract_id = c.contract_id AND p.period_date = c.period_date AND p.invoice_id IS NOT NULL
         WHERE c.fallback_at IS NOT NULL AND c.fallback_reminded_at IS NULL LIMIT 50`,
  );
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await queryRows<{
        invoice_id: number;
        organization_id: number;
        contract_id: number;
        amount_cents: number;
        due_date: string;
        received: boolean;
        number: number;
        customer: string;
        email: string | null;
        company: string;
      }>(
        tx,
        sql`SELECT p.invoice_id, c.organization_id, c.contract_id, rv.amount_cents, to_char(rv.due_date, 'YYYY-MM-DD') AS due_date,
                   rv.payment_id IS NOT NULL AS received, i.number, cu.name AS customer, cu.email, co.name AS company
              FROM contract_pix_recurring_charges c
              JOIN contract_periods p ON p.contract_id = c.contract_id AND p.period_date = c.period_date
              JOIN receivables rv ON rv.id = p.receivable_id
              JOIN invoices i ON i.id = p.invoice_id
              JOIN customers cu ON cu.id = i.customer_id
              JOIN companies co ON co.id = i.company_id
             WHERE c.id = ${id} AND c.fallback_reminded_at IS NULL
               FOR UPDATE OF c SKIP LOCKED`,
      );
      await tx.update(cobr).set({ fallbackRemindedAt: new Date() }).where(eq(cobr.id, id));
      const to = row?.email?.trim();
      if (!row || row.received || !to) return;
      const amount = escapeHtml(formatMoney(fromCents(Number(row.amount_cents))));
      await queueOrderEmail(tx, {
        organizationId: row.organization_id,
        invoiceId: row.invoice_id,
        to,
        subject: `Pix Automático não debitado — contrato nº ${row.contract_id} — ${row.company}`,
        html: [
          `<p>Olá, ${escapeHtml(row.customer)}.</p>`,
          `<p>O débito por Pix Automático de <strong>${amount}</strong> do contrato nº ${row.contract_id}, com vencimento em ${brDate(row.due_date)}, não foi feito.</p>`,
          `<p>Pague pela cobrança Pix da ordem de serviço nº ${row.number}: o código está na página da ordem que enviamos, ou peça-o a nós.</p>`,
          `<p>Obrigado,<br>${escapeHtml(row.company)}</p>`,
        ].join(''),
      });
    });
  }
}
