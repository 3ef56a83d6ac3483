import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { messages, pmocMessages, type AirReport } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { formatDate } from '../../../lib/format.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useAirReports } from '../api/get-air-reports.ts';
import { useUploadAirReport } from '../api/upload-air-report.ts';
import { useDeleteAirReport } from '../api/delete-air-report.ts';
import { downloadAirReport } from '../api/download-air-report.ts';

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

type UploadFields = { year: string; file: FileList | null };

/**
 * 'Qualidade do ar': the laboratory's report of each year (a PDF with the CO₂ and fungi figures),
 * appended to that year's PMOC document. Sending one for a year that has it replaces it.
 */
export function AirReportsCard({ planId, year, readOnly }: { planId: number; year: number; readOnly?: boolean }) {
  const orgPath = useOrgPath();
  const reports = useAirReports(planId);
  const upload = useUploadAirReport(planId);
  const remove = useDeleteAirReport(planId);
  const confirm = useConfirm();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UploadFields>({ defaultValues: { year: String(year), file: null } });

  const onUpload = handleSubmit(async ({ year: y, file }) => {
    const chosen = file?.[0];
    if (!chosen) {
      setError('file', { message: pmocMessages.airReportNotPdf });
      return;
    }
    try {
      await upload.mutateAsync({ year: y, file: chosen });
      toast.success(pmocMessages.airReportSaved);
      reset({ year: y, file: null });
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  const onRemove = async (r: AirReport) => {
    const ok = await confirm({
      title: `Remover o relatório de ${r.year}?`,
      text: `O documento PMOC de ${r.year} deixa de trazê-lo anexado.`,
      confirmLabel: 'Remover',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(r.year);
      toast.success(pmocMessages.airReportRemoved);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };
  const data = reports.data?.data ?? [];

  return (
    <SectionCard title="Qualidade do ar">
      {reports.isPending ? (
        <Spinner size="sm" />
      ) : reports.error ? (
        <p className="text-danger">Não foi possível carregar os relatórios.</p>
      ) : !data.length ? (
        <p className="text-body-secondary small">Nenhum relatório enviado.</p>
      ) : (
        <ul className="list-group list-group-flush mb-3 plan-air-reports" aria-label="Relatórios de qualidade do ar">
          {data.map((r) => (
            <li key={r.year} className="list-group-item d-flex flex-wrap align-items-center gap-2 px-0">
              <span className="fw-semibold">{r.year}</span>
              <span className="text-break small flex-grow-1">
                {r.fileName}
                <span className="text-body-secondary">
                  {' '}
                  · {size(r.fileSize)} · enviado em {formatDate(r.uploadedAt)}
                </span>
              </span>
              <span className="d-flex gap-2">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() =>
                    downloadAirReport(orgPath, planId, r.year, r.fileName).catch((err) => toastApiError(err))
                  }
                >
                  Baixar
                </Button>
                {!readOnly && (
                  <Button size="sm" variant="outline-danger" onClick={() => onRemove(r)}>
                    Remover
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <Form noValidate onSubmit={onUpload} className="row g-2 align-items-start plan-air-report-form">
          <Form.Group className="col-4" controlId="air-report-year">
            <Form.Label>Ano</Form.Label>
            <Form.Control type="number" inputMode="numeric" isInvalid={!!errors.year} {...register('year')} />
            <Form.Control.Feedback type="invalid">{errors.year?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-8" controlId="air-report-file">
            <Form.Label>Relatório (PDF, até 10 MB)</Form.Label>
            <Form.Control type="file" accept="application/pdf" isInvalid={!!errors.file} {...register('file')} />
            <Form.Control.Feedback type="invalid">{errors.file?.message}</Form.Control.Feedback>
          </Form.Group>
          <div className="col-12">
            <Button type="submit" size="sm" disabled={isSubmitting}>
              {isSubmitting ? 'Enviando…' : 'Enviar relatório'}
            </Button>
          </div>
        </Form>
      )}
    </SectionCard>
  );
}
