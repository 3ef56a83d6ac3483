import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { reportMessages, type ReportResult } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { reportedGlobally } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useExportReportCsv } from '../api/export-report-csv.ts';
import { useReportDefinition } from '../api/get-report-definition.ts';
import { useRunReport } from '../api/run-report.ts';
import { ReportFilterForm, type FilterValues } from '../components/report-filter-form.tsx';
import { ReportTable } from '../components/report-table.tsx';

const ReportChart = lazy(() => import('../components/report-chart.tsx'));

const count = new Intl.NumberFormat('pt-BR');

/** /reports/{report}: the filter form, 'Filtrar', the record count, CSV export, the chart and the table. */
export function ReportPage() {
  const { report = '' } = useParams();
  const definition = useReportDefinition(report);
  const run = useRunReport(report);
  const exportCsv = useExportReportCsv(report);
  const [submitted, setSubmitted] = useState<FilterValues | null>(null);
  const result: ReportResult | undefined = run.data;

  const onExport = async () => {
    if (!submitted) return;
    try {
      await exportCsv.mutateAsync(submitted);
    } catch (err) {
      if (!reportedGlobally(err)) toast.error(reportMessages.exportFailed);
    }
  };

  return (
    <>
      <PageHeader
        title={definition.data?.title ?? 'Relatório'}
        actions={
          <Link to="/reports" className="btn btn-outline-secondary">
            Voltar
          </Link>
        }
      />
      <QueryState isPending={definition.isPending} error={definition.error}>
        {definition.data && (
          <ReportFilterForm
            key={definition.data.name}
            filters={definition.data.filters}
            onSubmit={async (values) => {
              await run.mutateAsync(values);
              setSubmitted(values);
            }}
          />
        )}
      </QueryState>
      {result && (
        <section aria-label="Resultado">
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
            <div>
              <strong data-testid="report-count">
                {count.format(result.total)} {result.total === 1 ? 'registro' : 'registros'}
              </strong>
              <span className="text-body-secondary small ms-2">gerado em {formatDateTime(result.time)}</span>
            </div>
            <Button variant="outline-primary" onClick={onExport} disabled={exportCsv.isPending || !submitted}>
              {exportCsv.isPending && <Spinner size="sm" className="me-2" />}
              Exportar CSV
            </Button>
          </div>
          {result.total > result.body.length && (
            <Alert variant="info" className="py-2">
              Mostrando os primeiros {count.format(result.body.length)} de {count.format(result.total)} registros.
              Refine os filtros para ver os demais.
            </Alert>
          )}
          {result.chart && result.body.length > 0 && (
            <Suspense
              fallback={
                <div className="report-chart card card-body mb-3 d-flex align-items-center justify-content-center">
                  <Spinner size="sm" />
                </div>
              }
            >
              <ReportChart result={result} />
            </Suspense>
          )}
          <div className="card-list">
            <ReportTable result={result} />
          </div>
        </section>
      )}
    </>
  );
}
