import { describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { addDays } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { contractWorld } from '../../../test/contract-fixtures.ts';
import { keepingMailer } from '../../../test/whatsapp-fixtures.ts';
import { sendQueuedOrderEmails } from '../../core/records/queued-emails.ts';
import { billDueContracts } from './contract-billing.ts';
import { sendContractReminders } from './contract-reminders.ts';

// The charges' reminders (the notice three days before, one and seven days late) and the list of late
// charges.
const { mailer, sent } = keepingMailer();
const t = perFile({ other: true, world: contractWorld, app: { mailer } });

const db = () => t.ctx.database.db;
/** Bills, reminds and sends everything due at `now`. */
async function runAt(now: Date) {
  while ((await billDueContracts(db(), { now })).claimed);
  while (await sendContractReminders(db(), { now, mail: { mailer, mailFrom: 'cobranca@oc.test' } }));
  while (await sendQueuedOrderEmails(db(), t.ctx.app.log, { mailer, mailFrom: 'cobranca@oc.test' }));
}
const noon = (date: string) => new Date(`${date}T15:00:00Z`);
const subjectsOf = (id: number) =>
  sent.filter((m) => m.subject.includes(`contrato nº ${id} `)).map((m) => m.subject.split(' — ')[0]!);

describe('contract reminders', () => {
  it('three days before, one and seven days after, each once; none once received', async () => {
    const c = await t.world.createContract({ startDate: '2027-08-01', billingDay: 20, amount: 410 });
    await runAt(noon('2027-08-16'));
    expect(subjectsOf(c.id)).toEqual([]);
    await runAt(noon('2027-08-17'));
    await runAt(noon('2027-08-18'));
    expect(subjectsOf(c.id)).toEqual(['Lembrete: a cobrança 08/2027 vence em breve']);
    await runAt(noon('2027-08-20'));
    expect(subjectsOf(c.id)).toHaveLength(2); // the charge itself, on the day
    await runAt(noon('2027-08-21'));
    await runAt(noon('2027-08-22'));
    expect(subjectsOf(c.id).slice(2)).toEqual(['A cobrança 08/2027 venceu']);
    await runAt(noon('2027-08-27'));
    await runAt(noon('2027-08-28'));
    expect(subjectsOf(c.id).slice(3)).toEqual(['A cobrança 08/2027 está vencida há uma semana']);

    // Received: the next period's late reminders do not go.
    await runAt(noon('2027-09-20'));
    const periods = await t.world.periodsOf(c.id);
    const receivables = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${t.org.organization.id}/receivables?from=2027-09-20&to=2027-09-20&take=100`,
      headers: t.org.as(t.org.admin.token),
    });
    const row = receivables.json().data.find((r: { invoiceId: number }) => r.invoiceId === periods[1]!.invoiceId);
    const paid = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/receivables/${row.id}/pay`,
      headers: t.org.as(t.org.admin.token),
      payload: { paidAt: '2027-09-20' },
    });
    expect(paid.statusCode).toBe(200);
    const before = subjectsOf(c.id).length;
    await runAt(noon('2027-09-22'));
    await runAt(noon('2027-09-28'));
    expect(
      subjectsOf(c.id)
        .slice(before)
        .filter((s) => s.includes('09/2027')),
    ).toEqual([]);
  });
});

describe('late contracts', () => {
  it('lists the charges past due and not received, with the total, the sum and who holds visits', async () => {
    const start = addDays(t.world.today, -45);
    const day = Number(start.slice(8));
    const late = await t.world.createContract({
      customer: t.world.otherCustomer.id,
      startDate: start,
      billingDay: day,
      amount: 100,
    });
    await runAt(new Date());
    const res = await t.world.contracts('GET', `/overdue?q=${encodeURIComponent(t.world.otherCustomer.name)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const mine = body.data.filter((r: { contractId: number }) => r.contractId === late.id);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine[0]).toMatchObject({ dueDate: start, daysLate: 45, amount: 100, holdsVisits: false });
    expect(body.meta.total).toBe(body.data.length);
    expect(body.meta.sum).toBe(body.data.reduce((s: number, r: { amount: number }) => s + r.amount, 0));
    // Another organization sees none of them.
    const theirs = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${t.other.organization.id}/contracts/overdue`,
      headers: t.other.as(t.other.admin.token),
    });
    expect(theirs.json().data.map((r: { contractId: number }) => r.contractId)).not.toContain(late.id);
  });
});

describe('an organization that has not confirmed its e-mail', () => {
  it('sends its customers nothing: the charge and the notice wait, and the charge goes once it confirms', async () => {
    const orgId = t.org.organization.id;
    const setVerified = (at: Date | null) =>
      db().update(schema.organizations).set({ verifiedAt: at }).where(eq(schema.organizations.id, orgId));
    await setVerified(null);
    try {
      const c = await t.world.createContract({ startDate: '2028-03-01', billingDay: 10, amount: 275 });
      await runAt(noon('2028-03-08')); // the notice's day
      await runAt(noon('2028-03-10')); // the charge's day
      expect(subjectsOf(c.id)).toEqual([]);
      const queued = await db()
        .select({ id: schema.invoiceEmails.id })
        .from(schema.invoiceEmails)
        .where(and(eq(schema.invoiceEmails.organizationId, orgId), isNotNull(schema.invoiceEmails.queuedHtml)));
      expect(queued.length).toBeGreaterThan(0);

      await setVerified(new Date());
      await runAt(noon('2028-03-10'));
      expect(subjectsOf(c.id)).toHaveLength(1);
      expect(subjectsOf(c.id)[0]).not.toContain('Lembrete');
    } finally {
      await setVerified(new Date());
    }
  });
});
