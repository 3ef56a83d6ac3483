// The reports of the technicians' stamps: the time on the job (the worked spans by the phones' times, an
// open span ending at the order's completion) against the visit's planned duration, the travel time
// ('A caminho' to 'Cheguei') and the kilometres driven (the route distance of each arrival), by
// technician, customer or service; and the kilometres of each technician on each day.
import { sql, type SQL } from 'drizzle-orm';
import type { ReportContext, ReportSpec } from '../../core/reports/registry.ts';
import { periodFilters } from '../../core/reports/report-filters.ts';
import { endOf, num, startOf, str } from '../../core/reports/report-parts.ts';
import { spans } from '../../core/reports/work-spans.ts';

/** Per technician and order: seconds worked, seconds travelling, metres driven, and the order's planned minutes. */
const perTechnician = (ctx: ReportContext, v: Record<string, string>) => sql`
  SELECT x.invoice_id, x.user_id, sum(x.worked) AS worked, sum(x.travel) AS travel, sum(x.meters) AS meters,
         max(i.duration_minutes) AS planned, max(i.customer_id) AS customer_id
    FROM (SELECT invoice_id, user_id, seconds AS worked, 0 AS travel, 0 AS meters
            FROM (${spans(ctx, v, ['start', 'resume'], ['pause', 'leave'], true)}) w
          UNION ALL
          SELECT invoice_id, user_id, 0, seconds, 0 FROM (${spans(ctx, v, ['travel'], ['arrive'], false)}) t
          UNION ALL
          SELECT f.invoice_id, f.user_id, 0, 0, coalesce(f.route_meters, 0) FROM field_stamps f
           WHERE f.organization_id = ${ctx.organizationId} AND f.kind = 'arrive'
             AND f.device_at >= ${startOf(ctx, v.from!)} AND f.device_at < ${endOf(ctx, v.to!)}) x
    JOIN invoices i ON i.organization_id = ${ctx.organizationId} AND i.id = x.invoice_id
   GROUP BY x.invoice_id, x.user_id`;

const minutes = (seconds: unknown) => Math.round(num(seconds) / 60);
const km = (meters: unknown) => Math.round(num(meters) / 100) / 10;

const columns = (first: string) => [
  { name: 'key', label: first, type: 'string' as const },
  { name: 'orders', label: 'Ordens', type: 'int' as const },
  { name: 'worked', label: 'Minutos em atendimento', type: 'int' as const },
  { name: 'planned', label: 'Minutos previstos', type: 'int' as const },
  { name: 'travel', label: 'Minutos de deslocamento', type: 'int' as const },
  { name: 'km', label: 'Km percorridos', type: 'quantity' as const },
];

/** A report of the time on the job grouped by `label` (SQL over `p`, the per-technician rows, and its joins). */
function timeReport(o: {
  name: string;
  title: string;
  description: string;
  first: string;
  group: (inner: SQL) => SQL;
}): ReportSpec {
  return {
    name: o.name,
    title: o.title,
    description: o.description,
    filters: async (ctx) =>
      periodFilters(ctx.timeZone, { from: 'Atendimentos a partir de', to: 'Atendimentos até' }, 0),
    columns: columns(o.first),
    chart: { kind: 'bar', title: o.title, x: 'key', y: 'worked' },
    query: (ctx, v, cap) => sql`${o.group(perTechnician(ctx, v))} LIMIT ${cap}`,
    cells: (r) => [str(r.label), num(r.orders), minutes(r.worked), num(r.planned), minutes(r.travel), km(r.meters)],
  };
}

export const fieldTimeByTechnician = timeReport({
  name: 'field-time-by-technician',
  title: 'Tempo em atendimento por técnico',
  description:
    'O tempo trabalhado pelos registros do celular (Iniciar, Pausar, Retomar, Saí), o previsto das visitas, o deslocamento e os km percorridos.',
  first: 'Técnico',
  group: (p) => sql`
    SELECT u.name AS label, count(DISTINCT p.invoice_id) AS orders, sum(p.worked) AS worked, sum(p.planned) AS planned,
           sum(p.travel) AS travel, sum(p.meters) AS meters, count(*) OVER () AS total
      FROM (${p}) p JOIN users u ON u.id = p.user_id
     GROUP BY u.id, u.name ORDER BY u.name, u.id`,
});

/** The per-technician rows summed per order: an order's planned minutes once. */
const perOrder = (p: SQL) => sql`
  SELECT invoice_id, max(customer_id) AS customer_id, sum(worked) AS worked, max(planned) AS planned,
         sum(travel) AS travel, sum(meters) AS meters
    FROM (${p}) p GROUP BY invoice_id`;

export const fieldTimeByCustomer = timeReport({
  name: 'field-time-by-customer',
  title: 'Tempo em atendimento por cliente',
  description: 'O tempo trabalhado nas ordens de cada cliente, o previsto das visitas, o deslocamento e os km.',
  first: 'Cliente',
  group: (p) => sql`
    SELECT c.name AS label, count(*) AS orders, sum(o.worked) AS worked, sum(o.planned) AS planned,
           sum(o.travel) AS travel, sum(o.meters) AS meters, count(*) OVER () AS total
      FROM (${perOrder(p)}) o JOIN customers c ON c.id = o.customer_id
     GROUP BY c.id, c.name ORDER BY sum(o.worked) DESC, c.name`,
});

export const fieldTimeByService = timeReport({
  name: 'field-time-by-service',
  title: 'Tempo em atendimento por serviço',
  description: 'O tempo das ordens em que cada serviço foi feito (uma ordem com dois serviços conta nos dois).',
  first: 'Serviço',
  group: (p) => sql`
    SELECT sv.name AS label, count(*) AS orders, sum(o.worked) AS worked, sum(o.planned) AS planned,
           sum(o.travel) AS travel, sum(o.meters) AS meters, count(*) OVER () AS total
      FROM (${perOrder(p)}) o
      JOIN (SELECT DISTINCT invoice_id, service_id FROM invoice_services) s ON s.invoice_id = o.invoice_id
      JOIN services sv ON sv.id = s.service_id
     GROUP BY sv.id, sv.name ORDER BY sum(o.worked) DESC, sv.name`,
});

export const fieldKmByDay: ReportSpec = {
  name: 'field-km-by-day',
  title: 'Km por técnico e dia',
  description: 'Os km percorridos por cada técnico em cada dia: a distância de cada "A caminho" até o "Cheguei".',
  filters: async (ctx) => periodFilters(ctx.timeZone, { from: 'De', to: 'Até' }, 0),
  columns: [
    { name: 'day', label: 'Dia', type: 'date' },
    { name: 'technician', label: 'Técnico', type: 'string' },
    { name: 'arrivals', label: 'Chegadas', type: 'int' },
    { name: 'km', label: 'Km percorridos', type: 'quantity' },
  ],
  chart: null,
  query: (ctx, v, cap) => sql`
    SELECT (f.device_at AT TIME ZONE ${ctx.timeZone})::date::text AS day, u.name AS technician,
           count(*) AS arrivals, sum(coalesce(f.route_meters, 0)) AS meters, count(*) OVER () AS total
      FROM field_stamps f JOIN users u ON u.id = f.user_id
     WHERE f.organization_id = ${ctx.organizationId} AND f.kind = 'arrive'
       AND f.device_at >= ${startOf(ctx, v.from!)} AND f.device_at < ${endOf(ctx, v.to!)}
     GROUP BY 1, u.id, u.name ORDER BY 1, u.name LIMIT ${cap}`,
  cells: (r) => [str(r.day), str(r.technician), num(r.arrivals), km(r.meters)],
};

export const fieldReports = [fieldTimeByTechnician, fieldTimeByCustomer, fieldTimeByService, fieldKmByDay];
