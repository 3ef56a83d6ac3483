import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import type { ReportResult } from '@oficina/contracts';
import { formatCell } from './report-cells.ts';

// Only the pieces these charts draw (chart.js is tree-shaken); this module is loaded lazily by the
// report screen, so no other screen downloads chart.js.
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend);

const palette = ['#0d6efd', '#198754', '#ffc107', '#dc3545', '#6c757d', '#6f42c1', '#20c997', '#fd7e14'];

/**
 * The result as a chart, when the report says how: x and y are columns; series (optional) splits
 * the values into one dataset per distinct value, stacked.
 */
export default function ReportChart({ result }: { result: ReportResult }) {
  const chart = result.chart!;
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
        {chart.kind === 'line' ? <Line data={data} options={options} /> : <Bar data={data} options={options} />}
      </div>
    </figure>
  );
}
