import type { ReactNode } from 'react';
import { Alert, Card, Col, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import type { DashboardResponse } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { monthNames } from '../../../components/date-text.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useDashboard } from '../api/get-dashboard.ts';

/** 'YYYY-MM' as the screen names it: 'dezembro de 2026'. */
const monthName = (m: string) => `${monthNames[Number(m.slice(5, 7)) - 1]} de ${m.slice(0, 4)}`;
const integer = new Intl.NumberFormat('pt-BR');
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** Minutes as the screen says them: '3 h 05 min', '45 min'. */
const hoursText = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;

type Kind = 'money' | 'count' | 'percent' | 'points';
function show(value: number | null, kind: Kind) {
  if (value === null) return '—';
  if (kind === 'money') return formatMoney(value);
  if (kind === 'percent') return `${decimal.format(value)}%`;
  if (kind === 'points') return decimal.format(value);
  return integer.format(value);
}

/** 'mais 12,5% que em novembro' / 'igual a novembro' / nothing when there is nothing to compare with. */
function change(current: number | null, previous: number | null, kind: Kind, previousMonth: string) {
  if (current === null || previous === null) return null;
  const month = monthNames[Number(previousMonth.slice(5, 7)) - 1];
  if (current === previous) return `igual a ${month}`;
  if (kind === 'percent' || kind === 'points')
    return `${current > previous ? '+' : '−'}${decimal.format(Math.abs(current - previous))} ${kind === 'percent' ? 'p.p.' : 'pontos'} sobre ${month}`;
  if (!previous) return `${month}: ${show(previous, kind)}`;
  const pct = ((current - previous) / previous) * 100;
  return `${pct > 0 ? '+' : '−'}${decimal.format(Math.abs(pct))}% sobre ${month} (${show(previous, kind)})`;
}

function Figure(p: {
  label: string;
  to: string;
  value: number | null;
  kind: Kind;
  previous?: number | null;
  previousMonth: string;
  note?: ReactNode;
  testId: string;
}) {
  const delta = p.previous === undefined ? null : change(p.value, p.previous, p.kind, p.previousMonth);
  return (
    <Col xs={12} sm={6} lg={3}>
      <Card className="h-100 dashboard-figure" data-testid={p.testId}>
        <Card.Body>
          <Link to={p.to} className="stretched-link text-decoration-none text-body-secondary small">
            {p.label}
          </Link>
          <div className="fs-4 fw-semibold">{show(p.value, p.kind)}</div>
          {delta && <div className="small text-body-secondary">{delta}</div>}
          {p.note && <div className="small text-body-secondary">{p.note}</div>}
        </Card.Body>
      </Card>
    </Col>
  );
}

/**
 * /painel (who reads reports): the current month so far against the whole previous month, in the
 * organization's time zone — revenue, received, open and overdue instalments, orders, estimates and
 * their conversion, the average ticket, the NPS and the technicians' completed orders. Each figure
 * opens the list or report it counts.
 */
export function DashboardPage() {
  const query = useDashboard();
  return (
    <>
      <PageHeader title="Painel" />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <Alert variant="danger">Não foi possível carregar o painel.</Alert>
      ) : (
        <Figures d={query.data} />
      )}
    </>
  );
}

type FigureSpec = Omit<Parameters<typeof Figure>[0], 'previousMonth'>;
const count = (n: number, one: string, many: string) => `${integer.format(n)} ${n === 1 ? one : many}`;

/** The dashboard's figures in the order shown, each with the list or report it opens. */
const figuresOf = (d: DashboardResponse): FigureSpec[] => [
  {
    testId: 'fig-revenue',
    label: 'Faturamento (ordens concluídas)',
    to: '/reports/revenue-by-month',
    kind: 'money',
    value: d.revenue.current,
    previous: d.revenue.previous,
  },
  {
    testId: 'fig-received',
    label: 'Recebido',
    to: '/reports/cash-flow',
    kind: 'money',
    value: d.received.current,
    previous: d.received.previous,
  },
  {
    testId: 'fig-open',
    label: 'A receber',
    to: '/receivables?status=open',
    kind: 'money',
    value: d.openReceivables.amount,
    note: count(d.openReceivables.count, 'parcela a vencer', 'parcelas a vencer'),
  },
  {
    testId: 'fig-overdue',
    label: 'Vencido',
    to: '/receivables?status=overdue',
    kind: 'money',
    value: d.overdueReceivables.amount,
    note: count(d.overdueReceivables.count, 'parcela em atraso', 'parcelas em atraso'),
  },
  {
    testId: 'fig-opened',
    label: 'Ordens abertas',
    to: '/reports/service-orders',
    kind: 'count',
    value: d.ordersOpened.current,
    previous: d.ordersOpened.previous,
  },
  {
    testId: 'fig-completed',
    label: 'Ordens concluídas',
    to: '/invoices?state=20',
    kind: 'count',
    value: d.ordersCompleted.current,
    previous: d.ordersCompleted.previous,
  },
  {
    testId: 'fig-ticket',
    label: 'Ticket médio',
    to: '/reports/revenue-by-month',
    kind: 'money',
    value: d.averageTicket.current,
    previous: d.averageTicket.previous,
  },
  {
    testId: 'fig-estimates',
    label: 'Orçamentos criados',
    to: '/estimates',
    kind: 'count',
    value: d.estimatesCreated.current,
    previous: d.estimatesCreated.previous,
    note: count(d.estimatesApproved.current, 'aprovado', 'aprovados'),
  },
  {
    testId: 'fig-conversion',
    label: 'Conversão de orçamentos',
    to: '/reports/estimates',
    kind: 'percent',
    value: d.conversion.current,
    previous: d.conversion.previous,
  },
  {
    testId: 'fig-nps',
    label: 'NPS',
    to: '/reports/nps',
    kind: 'points',
    value: d.nps.current,
    previous: d.nps.previous,
    note: count(d.nps.answers, 'avaliação no mês', 'avaliações no mês'),
  },
];

function Figures({ d }: { d: DashboardResponse }) {
  const pm = d.previousMonth;
  const money = d.revenue.current !== null;
  return (
    <>
      <p className="text-body-secondary">
        {monthName(d.month)} até hoje, comparado com {monthName(pm)} inteiro.
      </p>
      <Row className="g-3 mb-4">
        {figuresOf(d)
          .filter((f) => money || f.kind !== 'money')
          .map((f) => (
            <Figure key={f.testId} {...f} previousMonth={pm} />
          ))}
      </Row>
      <Card>
        <Card.Body>
          <h2 className="h6">
            <Link to="/reports/orders-per-worker">
              Ordens concluídas e tempo em atendimento no mês, por colaborador
            </Link>
          </h2>
          {d.technicians.length ? (
            <Table size="sm" className="mb-0">
              <thead>
                <tr>
                  <th>Colaborador</th>
                  <th className="text-end">Concluídas</th>
                  <th className="text-end">Em atendimento</th>
                </tr>
              </thead>
              <tbody>
                {d.technicians.map((t) => (
                  <tr key={t.id}>
                    <td>{t.name}</td>
                    <td className="text-end">{integer.format(t.completed)}</td>
                    <td className="text-end">{t.workedMinutes === null ? '—' : hoursText(t.workedMinutes)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <p className="text-body-secondary mb-0">Nenhuma ordem concluída neste mês.</p>
          )}
        </Card.Body>
      </Card>
    </>
  );
}
