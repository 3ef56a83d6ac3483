import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Chart, Line } from 'react-chartjs-2';
import type { ReportChart as ReportChartSpec, ReportResult } from '@ordem-certa/contracts';
import { formatCell } from './report-cells.ts';

// Only the pieces these charts draw (chart.js is tree-shaken); this module is loaded lazily by the
// report screen, so no other screen downloads chart.js.
// The controllers draw a chart that mixes bars and lines (the cash flow's movements and balances).
ChartJS.register(
  CategoryScale,
  LinearScale,
  BarElement,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
  BarController,
  LineController,
);

const compactMoney = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

const palette = ['#0d6efd', '#198754', '#ffc107', '#dc3545', '#6c757d', '#6f42c1', '#20c997', '#fd7e14'];

/**
 * The result as a chart, when the report says how: x and y are columns; series (optional) splits
 * the values into one dataset per distinct value, stacked.
 */
export default function ReportChart({ result }: { result: ReportResult }) {
  const chart = result.chart!;
  if (chart.bars || chart.lines) return <MixedChart result={result} chart={chart} />;
  const col = (name: string) => result.header.findIndex((h) => h.name === name);
  const xi = col(chart.x);
  const yi = col(chart.y);
  const si = chart.series ? col(chart.series) : -1;
  const xType = result.header[xi]!.type;
  const yType = result.header[yi]!.type;
  const xs = [...new Set(result.body.map((r) => String(r[xi])))];
  const series = si >= 0 ? [...new Set(result.body.map((r) => String(r[si])))] : [result.header[yi]!.label];
  const datasets = series.map((name, k) => {
    const byX = new Map<string, number>();
    for (const r of result.body) {
      if (si >= 0 && String(r[si]) !== name) continue;
      byX.set(String(r[xi]), (byX.get(String(r[xi])) ?? 0) + Number(r[yi] ?? 0));
    }
    const color = palette[k % palette.length]!;
    return { label: name, data: xs.map((x) => byX.get(x) ?? 0), backgroundColor: color, borderColor: color };
  });
  const data = { labels: xs.map((x) => formatCell(x, xType)), datasets };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      legend: { display: si >= 0, position: 'bottom' as const },
      tooltip: {
        callbacks: {
          label: (c: { dataset: { label?: string }; parsed: { y: number | null } }) =>
            `${c.dataset.label}: ${formatCell(c.parsed.y ?? 0, yType)}`,
        },
      },
    },
    scales: {
      x: { stacked: si >= 0 },
      y: {
        stacked: si >= 0,
        beginAtZero: true,
        ticks: { callback: (v: string | number) => formatCell(Number(v), yType) },
      },
    },
  };
  return (
    <figure className="report-chart card card-body mb-3" aria-label={chart.title}>
      <figcaption className="fw-semibold mb-2">{chart.title}</figcaption>
      <div className="report-chart-canvas">
        {chart.kind === 'line' ? (
          <Line data={data} options={options} aria-label={chart.title} />
        ) : (
          <Bar data={data} options={options} aria-label={chart.title} />
        )}
      </div>
    </figure>
  );
}

/**
 * Columns as bars side by side (`bars`) and columns as lines over them (`lines`) on one scale, each
 * named by its column's label, with a legend: a cash flow's movements and its running balances.
 */
function MixedChart({ result, chart }: { result: ReportResult; chart: ReportChartSpec }) {
  const col = (name: string) => result.header.findIndex((h) => h.name === name);
  const xi = col(chart.x);
  const xType = result.header[xi]!.type;
  const columns = [...(chart.bars ?? []), ...(chart.lines ?? [])];
  const yType = result.header[col(columns[0]!)]!.type;
  const barCount = chart.bars?.length ?? 0;
  const datasets = columns.map((name, k) => {
    const i = col(name);
    const color = chart.colors?.[k] ?? palette[k % palette.length]!;
    const isLine = k >= barCount;
    return {
      type: isLine ? ('line' as const) : ('bar' as const),
      label: result.header[i]!.label,
      data: result.body.map((r) => Number(r[i] ?? 0)),
      backgroundColor: color,
      borderColor: color,
      // Lines drawn over the bars; the projected balance (the second line) dashed.
      order: isLine ? 0 : 1,
      ...(isLine ? { borderWidth: 2, pointRadius: 2, tension: 0.2, borderDash: k > barCount ? [6, 4] : [] } : {}),
    };
  });
  const data = { labels: result.body.map((r) => formatCell(r[xi] ?? null, xType)), datasets };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index' as const, intersect: false },
    plugins: {
      // In the columns' order (the lines are drawn last, over the bars, but listed after them).
      legend: {
        display: true,
        position: 'bottom' as const,
        labels: {
          sort: (a: { datasetIndex?: number }, b: { datasetIndex?: number }) => a.datasetIndex! - b.datasetIndex!,
        },
      },
      tooltip: {
        callbacks: {
          label: (c: { dataset: { label?: string }; parsed: { y: number | null } }) =>
            `${c.dataset.label}: ${formatCell(c.parsed.y ?? 0, yType)}`,
        },
      },
    },
    // The axis in short amounts ('R$ 6 mil'), so a phone keeps its width for the chart.
    scales: {
      y: {
        ticks: {
          callback: (v: string | number) =>
            yType === 'money' ? compactMoney.format(Number(v)) : formatCell(Number(v), yType),
        },
      },
    },
  };
  return (
    <figure className="report-chart card card-body mb-3" aria-label={chart.title}>
      <figcaption className="fw-semibold mb-2">{chart.title}</figcaption>
      <div className="report-chart-canvas">
        <Chart type="bar" data={data} options={options} aria-label={chart.title} />
      </div>
    </figure>
  );
}
