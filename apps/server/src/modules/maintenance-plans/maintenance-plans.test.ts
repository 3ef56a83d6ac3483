import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  checklistMessages,
  daysInMonth,
  InvoiceState,
  maintenancePlanMessages as msg,
  messages,
  PersonType,
} from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { addCompany, expectEachRoute, perFile } from '../../../test/helpers.ts';
import { newCpf } from '../../../test/factories.ts';
import { planWorld } from '../../../test/maintenance-plan-fixtures.ts';

// Maintenance plans (PMOC): the admin's register of plans, their visits' orders made on demand, and
// what those orders carry.
const t = perFile({ other: true, world: planWorld });

const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

describe('maintenance plans: access', () => {
  it('401 without a token, 403 for a collaborator, 404 for another organization’s plan', async () => {
    const plan = await t.world.createPlan();
    const base = `/api/organizations/${t.org.organization.id}/maintenance-plans`;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', ''],
      ['POST', '', t.world.body()],
      ['GET', `/${plan.id}`],
      ['PUT', `/${plan.id}`, t.world.body()],
      ['POST', `/${plan.id}/end`],
      ['GET', `/${plan.id}/occurrences`],
      ['POST', `/${plan.id}/generate`, { until: t.world.today }],
      ['POST', `/${plan.id}/report`, { from: t.world.today, to: t.world.today }],
    ];
    await expectEachRoute(t.ctx, routes, 401, base);
    await expectEachRoute(t.ctx, routes, 403, base, t.org.as(t.org.worker.token));
    // The other organization's admin, on their own path, naming our plan.
    const theirs = `/api/organizations/${t.other.organization.id}/maintenance-plans`;
    await expectEachRoute(t.ctx, routes.slice(2), 404, theirs, t.other.as(t.other.admin.token));
    // Nothing of theirs changed ours.
    expect((await t.world.plans('GET', `/${plan.id}`)).json()).toMatchObject({ endedAt: null });
    expect(await t.world.ordersOf(plan.id)).toEqual([]);
  });
});

describe('maintenance plans: register', () => {
  it('creates with its parts, reads, lists paginated with a search, edits and ends', async () => {
    const address = await t.world.addAddress({ address: 'Av. Paulista', number: 1000, city: 'São Paulo', state: 'SP' });
    const plan = await t.world.createPlan({ address: address.id, leadDays: 10, frequency: 'quarterly' });
    expect(plan).toMatchObject({
      company: { id: t.world.company.id },
      customer: { id: t.world.customer.id, name: t.world.customer.name },
      transactionNature: { id: t.world.nature.id },
      address: { id: address.id, address: 'Av. Paulista' },
      equipments: [
        { id: t.world.equipment.id, name: 'Split 12k', serialNumber: 'SN-1' },
        { id: t.world.equipment2.id, name: 'Câmara fria' },
      ],
      frequency: 'quarterly',
      startDate: addDays(t.world.today, 7),
      leadDays: 10,
      checklistTemplate: { id: t.world.template.id, name: t.world.template.name },
      worker: { id: t.org.worker.id, name: 'Colaborador Teste' },
      services: [{ service: t.world.service.id, name: 'Limpeza de split', quantity: 2 }],
      engineerName: 'Eng. Marta Quintela',
      engineerRegistration: 'CREA-SP 5062345678',
      artNumber: '28027230201234567',
      nextDate: addDays(t.world.today, 7),
      endedAt: null,
    });
    expect((await t.world.plans('GET', `/${plan.id}`)).json()).toEqual(plan);
    // Lead days default to 15; the optional parts may be left out.
    const bare = await t.world.createPlan({
      checklistTemplate: undefined,
      worker: undefined,
      services: undefined,
      engineerName: undefined,
      leadDays: undefined,
    });
    expect(bare).toMatchObject({
      leadDays: 15,
      checklistTemplate: null,
      worker: null,
      services: [],
      engineerName: null,
    });

    // The list: a page with the real total, searched by the customer, the company or the plan's number.
    const page = (await t.world.plans('GET', '?take=1')).json();
    expect(page.data).toHaveLength(1);
    expect(page.meta.total).toBeGreaterThanOrEqual(2);
    const byCustomer = (await t.world.plans('GET', `?q=${encodeURIComponent(t.world.customer.name)}`)).json();
    expect(byCustomer.data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([plan.id, bare.id]));
    expect(byCustomer.data[0]).toMatchObject({ customerName: t.world.customer.name, equipmentsCount: 2 });
    const byNumber = (await t.world.plans('GET', `?q=${plan.id}`)).json();
    expect(byNumber.data.map((p: { id: number }) => p.id)).toContain(plan.id);
    const other = (await t.world.plans('GET', '?q=ninguém-com-este-nome')).json();
    expect(other).toMatchObject({ data: [], meta: { total: 0 } });

    // Edit: another schedule and parts; the lists are replaced.
    const edited = await t.world.plans(
      'PUT',
      `/${plan.id}`,
      t.world.body({
        equipments: [t.world.equipment2.id],
        frequency: 'annual',
        startDate: addDays(t.world.today, 20),
        worker: null,
        services: [],
        artNumber: 'ART-2',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      equipments: [{ id: t.world.equipment2.id }],
      frequency: 'annual',
      worker: null,
      services: [],
      address: null,
      artNumber: 'ART-2',
      nextDate: addDays(t.world.today, 20),
    });

    // Ended: out of the live list, in the ended one; no more edits, generation or a second end.
    const ended = await t.world.plans('POST', `/${plan.id}/end`);
    expect(ended.json()).toMatchObject({ nextDate: null, endedAt: expect.any(String) });
    const live = (await t.world.plans('GET', `?q=${plan.id}`)).json();
    expect(live.data.map((p: { id: number }) => p.id)).not.toContain(plan.id);
    const endedList = (await t.world.plans('GET', `?ended=true&q=${plan.id}`)).json();
    expect(endedList.data.map((p: { id: number }) => p.id)).toContain(plan.id);
    expect((await t.world.plans('PUT', `/${plan.id}`, t.world.body())).json()).toEqual({ errors: [msg.endedPlan] });
    expect((await t.world.plans('POST', `/${plan.id}/generate`, { until: t.world.today })).statusCode).toBe(409);
    expect((await t.world.plans('POST', `/${plan.id}/end`)).json()).toEqual({ errors: [msg.alreadyEnded] });

    // Each change is in the plan's audit trail.
    const a = schema.auditLogs;
    const trail = await t.ctx.database.db
      .select({ action: a.action, data: a.data, userId: a.userId })
      .from(a)
      .where(and(eq(a.entity, 'maintenancePlan'), eq(a.entityId, plan.id)))
      .orderBy(asc(a.id));
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(trail[1]!.data).toEqual(
      expect.arrayContaining([
        { field: 'frequency', before: 'Trimestral', after: 'Anual' },
        { field: 'artNumber', before: '28027230201234567', after: 'ART-2' },
      ]),
    );
    expect(trail[2]!.data[0]).toMatchObject({ field: 'endedAt', before: null });
  });

  it('422 on the right field, in pt-BR', async () => {
    const db = t.ctx.database.db;
    const org = t.org.organization.id;
    const missing = await t.world.plans('POST', '', {});
    expect(errorsOf(missing)).toMatchObject({
      company: [msg.companyRequired],
      customer: [msg.customerRequired],
      transactionNature: [msg.natureRequired],
      equipments: [msg.equipmentsRequired],
      frequency: [msg.frequencyRequired],
      startDate: [msg.startRequired],
    });
    const wrongShapes = await t.world.plans(
      'POST',
      '',
      t.world.body({
        frequency: 'weekly' as never,
        startDate: '2026-02-30',
        leadDays: 91,
        equipments: [t.world.equipment.id, t.world.equipment.id],
        services: [
          { service: t.world.service.id, quantity: 1 },
          { service: t.world.service.id, quantity: 0 },
        ],
      }),
    );
    expect(errorsOf(wrongShapes)).toEqual({
      frequency: [msg.frequencyRequired],
      startDate: [msg.startRequired],
      leadDays: [msg.leadDaysRange],
      'equipments.1': [msg.equipmentRepeated],
      'services.1.quantity': ['A quantidade mínima é 1'],
      'services.1.service': [msg.serviceRepeated],
    });
    const twice = await t.world.plans(
      'POST',
      '',
      t.world.body({
        services: [
          { service: t.world.service.id, quantity: 1 },
          { service: t.world.service.id, quantity: 3 },
        ],
      }),
    );
    expect(errorsOf(twice)).toEqual({ 'services.1.service': [msg.serviceRepeated] });

    // References: the other customer's equipment and address, the other organization's checklist and
    // technician, an inactive technician, a retired checklist, an archived service, a plan too far back.
    const [otherAddress] = await db
      .insert(schema.addresses)
      .values({ organizationId: org, customerId: t.world.otherCustomer.id, address: 'Rua do outro cliente' })
      .returning();
    const foreign = await t.world.plans(
      'POST',
      '',
      t.world.body({
        equipments: [t.world.equipment.id, t.world.otherEquipment.id],
        address: otherAddress!.id,
        checklistTemplate: t.theirs.template.id,
        worker: t.other.worker.id,
        services: [{ service: t.theirs.service.id, quantity: 1 }],
      }),
    );
    expect(errorsOf(foreign)).toEqual({
      equipments: [msg.equipmentNotOfCustomer],
      address: [msg.addressNotOfCustomer],
      checklistTemplate: [msg.templateUnavailable],
      worker: [msg.workerNotAvailable],
      'services.0.service': [msg.serviceNotAvailable],
    });
    const parties = await t.world.plans(
      'POST',
      '',
      t.world.body({
        company: (await addCompany(t.ctx, t.other.organization.id)).id,
        customer: t.theirs.customer.id,
        transactionNature: t.theirs.nature.id,
      }),
    );
    expect(errorsOf(parties)).toEqual({
      company: [msg.companyNotFound],
      customer: [msg.customerNotFound],
      transactionNature: [msg.natureNotFound],
    });
    const inactive = await t.world.newUser({ isActive: false });
    const [retired] = await db
      .insert(schema.checklistTemplates)
      .values({ organizationId: org, name: 'Velho', items: [], retiredAt: new Date() })
      .returning();
    const unusable = await t.world.plans(
      'POST',
      '',
      t.world.body({
        worker: inactive.id,
        checklistTemplate: retired!.id,
        services: [{ service: t.world.archivedService.id, quantity: 1 }],
        startDate: addDays(t.world.today, -400),
      }),
    );
    expect(errorsOf(unusable)).toEqual({
      worker: [msg.workerNotAvailable],
      checklistTemplate: [msg.templateUnavailable],
      'services.0.service': [msg.serviceNotAvailable],
    });
    const old = await t.world.plans('POST', '', t.world.body({ startDate: addDays(t.world.today, -400) }));
    expect(errorsOf(old)).toEqual({ startDate: [msg.startTooOld] });
    expect(checklistMessages.templateUnavailable).toBe(msg.templateUnavailable);

    // Generation and report periods.
    const plan = await t.world.createPlan();
    const far = await t.world.plans('POST', `/${plan.id}/generate`, { until: addDays(t.world.today, 400) });
    expect(errorsOf(far)).toEqual({ until: [msg.untilTooFar] });
    expect(errorsOf(await t.world.plans('POST', `/${plan.id}/generate`, {}))).toEqual({ until: [msg.untilRequired] });
    const backwards = await t.world.plans('POST', `/${plan.id}/report`, { from: '2026-05-01', to: '2026-04-30' });
    expect(errorsOf(backwards)).toEqual({ to: [msg.toBeforeFrom] });
    const long = await t.world.plans('POST', `/${plan.id}/report`, { from: '2026-01-01', to: '2027-01-02' });
    expect(errorsOf(long)).toEqual({ to: [msg.periodTooLong] });
    expect(messages.required).toBeTruthy();
  });
});

/** Ticks the required items of the order's checklists, so it can be completed. */
async function answerChecklists(invoiceId: number) {
  const { data } = (await t.world.admin('GET', `/${invoiceId}/checklists`)).json() as {
    data: Array<{ id: number; items: Array<{ id: number; kind: string }> }>;
  };
  for (const c of data) {
    const answers = c.items.map((item) => ({ item: item.id, value: item.kind === 'check' ? true : 24.5 }));
    const res = await t.world.admin('PUT', `/${invoiceId}/checklists/${c.id}`, { answers });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The first day-31 date after today whose next month is shorter (Jan, Mar, May, Aug or Oct 31st). */
function next31st(today: string) {
  for (let d = addDays(today, 1); ; d = addDays(d, 1)) {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    if (day === 31 && daysInMonth(m === 12 ? y + 1 : y, (m % 12) + 1) < 31) return d;
  }
}

describe('maintenance plans: generating the visits’ orders', () => {
  it('makes one order per visit with the plan’s parts, as POST invoices would, and never twice', async () => {
    const start = next31st(t.world.today);
    const plan = await t.world.createPlan({ startDate: start, frequency: 'monthly' });
    const until = addDays(start, 62);
    const res = await t.world.plans('POST', `/${plan.id}/generate`, { until });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data as Array<{ id: number; number: number; date: string }>;
    // 31st, then the next month's last day, then the 31st again: counted from the start each time.
    const [y, m] = start.split('-').map(Number) as [number, number];
    const next = { y: m === 12 ? y + 1 : y, m: (m % 12) + 1 };
    const shortMonthEnd = `${next.y}-${String(next.m).padStart(2, '0')}-${daysInMonth(next.y, next.m)}`;
    expect(made.map((o) => o.date)).toEqual([start, shortMonthEnd, made[2]!.date]);
    expect(made[2]!.date.endsWith('-31')).toBe(true);
    // Consecutive numbers from the organization's counter.
    expect(made[1]!.number).toBe(made[0]!.number + 1);
    expect(made[2]!.number).toBe(made[1]!.number + 1);

    const detail = (await t.world.admin('GET', `/${made[0]!.id}`)).json();
    expect(detail).toMatchObject({
      maintenancePlanId: plan.id,
      customerId: t.world.customer.id,
      statusState: InvoiceState.Draft,
      invoiceServices: [{ name: 'Limpeza de split', quantity: 2, price: 180 }],
      invoiceEquipments: [{ name: 'Split 12k' }, { name: 'Câmara fria' }],
      invoiceWorkers: [{ workerId: t.org.worker.id, name: 'Colaborador Teste' }],
      subTotal: 360,
      total: 360,
    });
    // 08:00 in the organization's time zone (São Paulo, UTC−3).
    expect(detail.scheduledAt).toBe(`${start}T11:00:00.000Z`);
    const checklists = (await t.world.admin('GET', `/${made[0]!.id}/checklists`)).json();
    expect(checklists.data).toEqual([
      expect.objectContaining({ name: t.world.template.name, items: expect.arrayContaining([]) }),
    ]);
    // The technician sees it; the audit trail and the order's history say where it came from.
    expect((await t.world.worker('GET', `/${made[0]!.id}`)).statusCode).toBe(200);
    const trail = await t.world.auditOf(made[0]!.id);
    expect(trail[0]).toMatchObject({ action: 'create', userId: t.org.admin.id });
    expect(trail[0]!.data).toContainEqual({ field: 'maintenancePlan', before: null, after: plan.id });
    expect(trail[1]!.data).toEqual(
      expect.arrayContaining([
        { field: 'services', before: null, after: { name: 'Limpeza de split', quantity: 2, price: 180 } },
        { field: 'workers', before: null, after: 'Colaborador Teste' },
        { field: 'subTotal', before: 0, after: 360 },
      ]),
    );
    const system = (await t.world.admin('GET', `/${made[0]!.id}/comments/type/4`)).json();
    expect(JSON.stringify(system)).toContain(`plano de manutenção nº ${plan.id}`);
    // An order made from a plan shows in the order list and its search like any other.
    const listed = (await t.world.admin('GET', `/filter?q=${made[0]!.number}`)).json();
    expect(listed.data.map((o: { id: number }) => o.id)).toContain(made[0]!.id);

    // Again: nothing new; the plan's next visit is past them.
    expect((await t.world.plans('POST', `/${plan.id}/generate`, { until })).json()).toEqual({ data: [] });
    expect((await t.world.ordersOf(plan.id)).map((o) => o.date)).toEqual(made.map((o) => o.date));
    expect((await t.world.plans('GET', `/${plan.id}`)).json().nextDate > until).toBe(true);

    // An order made directly has no plan.
    const direct = await t.world.createInvoice();
    expect((await t.world.admin('GET', `/${direct.id}`)).json().maintenancePlanId).toBeNull();
  });

  it('lists the visits: done, late, canceled, next (with when the order comes), newest first', async () => {
    const plan = await t.world.createPlan({
      startDate: addDays(t.world.today, -45),
      frequency: 'monthly',
      leadDays: 5,
    });
    const made = (await t.world.plans('POST', `/${plan.id}/generate`, { until: addDays(t.world.today, 40) })).json()
      .data as Array<{ id: number; date: string }>;
    expect(made.length).toBeGreaterThanOrEqual(3);
    const [first, second] = made;
    await answerChecklists(first!.id);
    await t.world.moveTo(first!.id, InvoiceState.Completed);
    await t.world.moveTo(second!.id, InvoiceState.Canceled);
    const visits = (await t.world.plans('GET', `/${plan.id}/occurrences`)).json().data as Array<{
      date: string;
      status: string;
      invoice: { id: number } | null;
      generatesOn: string | null;
    }>;
    const byOrder = (id: number) => visits.find((v) => v.invoice?.id === id)!;
    expect(byOrder(first!.id).status).toBe('done');
    expect(byOrder(second!.id).status).toBe('canceled');
    for (const o of made.slice(2)) expect(byOrder(o.id).status).toBe(o.date < t.world.today ? 'late' : 'next');
    const upcoming = visits.filter((v) => v.invoice === null);
    expect(upcoming).toHaveLength(3);
    for (const v of upcoming) {
      expect(v.status).toBe('next');
      expect(v.generatesOn).toBe(addDays(v.date, -5));
    }
    expect(visits.map((v) => v.date)).toEqual(
      visits
        .map((v) => v.date)
        .toSorted()
        .toReversed(),
    );

    // A late one: a visit whose date passed and whose order is not done.
    const late = await t.world.createPlan({ startDate: addDays(t.world.today, -3) });
    await t.world.plans('POST', `/${late.id}/generate`, { until: t.world.today });
    const lateVisits = (await t.world.plans('GET', `/${late.id}/occurrences`)).json().data;
    expect(lateVisits.find((v: { invoice: unknown }) => v.invoice)).toMatchObject({ status: 'late' });
  });

  it('takes the customer’s only address, and leaves out what can no longer be used, saying so', async () => {
    const db = t.ctx.database.db;
    const org = t.org.organization.id;
    const [customer] = await db
      .insert(schema.customers)
      .values({ organizationId: org, type: PersonType.Natural, identifier: newCpf(), name: 'Condomínio Solar' })
      .returning();
    const [equipment] = await db
      .insert(schema.equipments)
      .values({
        organizationId: org,
        customerId: customer!.id,
        name: 'VRF',
        brand: 'Daikin',
        model: 'V',
        serialNumber: 'S',
      })
      .returning();
    const address = await t.world.addAddress({ address: 'Rua das Flores', number: 12 }, customer!.id);
    const [service] = await db
      .insert(schema.services)
      .values({ organizationId: org, name: 'Troca de filtro', priceCents: 5000 })
      .returning();
    const technician = await t.world.newUser();
    const plan = await t.world.createPlan({
      customer: customer!.id,
      equipments: [equipment!.id],
      worker: technician.id,
      services: [
        { service: service!.id, quantity: 1 },
        { service: t.world.service.id, quantity: 1 },
      ],
    });
    await db.update(schema.services).set({ archivedAt: new Date() }).where(eq(schema.services.id, service!.id));
    await db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, technician.id));
    await db
      .update(schema.checklistTemplates)
      .set({ retiredAt: new Date() })
      .where(eq(schema.checklistTemplates.id, t.world.template.id));
    try {
      const made = (await t.world.plans('POST', `/${plan.id}/generate`, { until: plan.startDate })).json().data;
      expect(made).toHaveLength(1);
      const detail = (await t.world.admin('GET', `/${made[0].id}`)).json();
      expect(detail).toMatchObject({
        address: { id: address.id },
        invoiceServices: [{ name: 'Limpeza de split' }],
        invoiceWorkers: [],
        subTotal: 180,
      });
      expect((await t.world.admin('GET', `/${made[0].id}/checklists`)).json().data).toEqual([]);
      const system = JSON.stringify((await t.world.admin('GET', `/${made[0].id}/comments/type/4`)).json());
      expect(system).toContain('Não incluído pelo plano de manutenção');
      expect(system).toContain('serviço Troca de filtro');
      expect(system).toContain(`técnico ${technician.name}`);
      expect(system).toContain(`checklist ${t.world.template.name}`);
    } finally {
      await db
        .update(schema.checklistTemplates)
        .set({ retiredAt: null })
        .where(eq(schema.checklistTemplates.id, t.world.template.id));
    }
  });
});
