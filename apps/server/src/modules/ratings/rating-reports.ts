// The customers' ratings in the reports screen: the NPS by month, technician or service, and the
// answers with their comments.
import { sql } from 'drizzle-orm';
import { DETRACTOR_MAX, netPromoterScore, PROMOTER_MIN } from '@ordem-certa/contracts';
import type { ReportSpec } from '../../core/reports/registry.ts';
import { reportColumns } from '../../core/reports/report-columns.ts';
import { periodFilters } from '../../core/reports/report-filters.ts';
import { inPeriod, num, iso, str, where } from '../../core/reports/report-parts.ts';

const groups = [
  { value: 'month', label: 'Mês' },
  { value: 'worker', label: 'Colaborador' },
  { value: 'service', label: 'Serviço' },
];

/** The answers of the period (aliased a), each with its order (i), in the organization's zone. */
const answered = (ctx: Parameters<ReportSpec['query']>[0], v: Record<string, string>) =>
  where([
    sql`a.organization_id = ${ctx.organizationId}`,
    sql`a.answered_at IS NOT NULL`,
    inPeriod(ctx, sql`a.answered_at`, v),
  ]);

export const npsReport: ReportSpec = {
  name: 'nps',
  title: 'NPS das avaliações dos clientes',
  description:
    'Notas de 0 a 10 dadas pelos clientes às ordens concluídas, no período da resposta: promotores (9–10), neutros (7–8), detratores (0–6) e o NPS (% de promotores − % de detratores), por mês, colaborador ou serviço.',
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Respondida a partir de', to: 'Respondida até' }),
    { name: 'by', label: 'Agrupar por', type: 'select', required: true, options: groups, default: 'month' },
  ],
  columns: [
    { name: 'group', label: 'Grupo', type: 'string' },
    { name: 'answers', label: 'Respostas', type: 'int' },
    { name: 'promoters', label: 'Promotores', type: 'int' },
    { name: 'passives', label: 'Neutros', type: 'int' },
    { name: 'detractors', label: 'Detratores', type: 'int' },
    { name: 'nps', label: 'NPS', type: 'quantity' },
  ],
  chart: { kind: 'bar', title: 'NPS', x: 'group', y: 'nps' },
  // An order's answer counts once per technician on it and once per service line of it.
  query: (ctx, v, cap) => {
    const key =
      v.by === 'worker'
        ? {
            from: sql`JOIN invoice_workers w ON w.invoice_id = a.invoice_id JOIN users u ON u.id = w.worker_id`,
            g: sql`u.name`,
          }
        : v.by === 'service'
          ? { from: sql`JOIN invoice_services s ON s.invoice_id = a.invoice_id`, g: sql`s.name` }
          : {
              from: sql``,
              g: sql`to_char(a.answered_at AT TIME ZONE ${ctx.timeZone}, 'YYYY-MM')`,
            };
    return sql`
      SELECT ${key.g} AS grp, count(*) AS answers,
             count(*) FILTER (WHERE a.score >= ${PROMOTER_MIN}) AS promoters,
             count(*) FILTER (WHERE a.score > ${DETRACTOR_MAX} AND a.score < ${PROMOTER_MIN}) AS passives,
             count(*) FILTER (WHERE a.score <= ${DETRACTOR_MAX}) AS detractors,
             count(*) OVER () AS total
        FROM order_ratings a ${key.from}
       WHERE ${answered(ctx, v)}
       GROUP BY 1
       ORDER BY ${v.by === 'month' ? sql`grp` : sql`count(*) DESC, grp`} LIMIT ${cap}`;
  },
  cells: (r) => {
    const c = { answers: num(r.answers), promoters: num(r.promoters), detractors: num(r.detractors) };
    return [str(r.grp), c.answers, c.promoters, num(r.passives), c.detractors, netPromoterScore(c)];
  },
};

export const ratingAnswersReport: ReportSpec = {
  name: 'ratings',
  title: 'Avaliações dos clientes e comentários',
  description: 'Cada nota dada a uma ordem concluída, com o comentário, o cliente e os colaboradores da ordem.',
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Respondida a partir de', to: 'Respondida até' }),
    {
      name: 'kind',
      label: 'Notas',
      type: 'select',
      required: false,
      options: [
        { value: 'detractors', label: 'Detratores (0–6)' },
        { value: 'passives', label: 'Neutros (7–8)' },
        { value: 'promoters', label: 'Promotores (9–10)' },
      ],
    },
  ],
  columns: [
    { name: 'answeredAt', label: 'Respondida em', type: 'datetime' },
    reportColumns.order,
    reportColumns.customer,
    { name: 'workers', label: 'Colaboradores', type: 'string' },
    { name: 'score', label: 'Nota', type: 'int' },
    { name: 'comment', label: 'Comentário', type: 'string' },
  ],
  chart: null,
  query: (ctx, v, cap) => sql`
    SELECT a.answered_at, i.number, c.name AS customer, a.score, a.comment,
           (SELECT string_agg(u.name, ', ' ORDER BY u.name) FROM invoice_workers w JOIN users u ON u.id = w.worker_id
             WHERE w.invoice_id = a.invoice_id) AS workers,
           count(*) OVER () AS total
      FROM order_ratings a
      JOIN invoices i ON i.id = a.invoice_id AND i.organization_id = a.organization_id
      JOIN customers c ON c.id = i.customer_id AND c.organization_id = i.organization_id
     WHERE ${where([
       answered(ctx, v),
       v.kind === 'detractors' && sql`a.score <= ${DETRACTOR_MAX}`,
       v.kind === 'passives' && sql`a.score > ${DETRACTOR_MAX} AND a.score < ${PROMOTER_MIN}`,
       v.kind === 'promoters' && sql`a.score >= ${PROMOTER_MIN}`,
     ])}
     ORDER BY a.answered_at DESC, a.id DESC LIMIT ${cap}`,
  cells: (r) => [iso(r.answered_at), num(r.number), str(r.customer), str(r.workers), num(r.score), str(r.comment)],
};

export const ratingReports = [npsReport, ratingAnswersReport];
