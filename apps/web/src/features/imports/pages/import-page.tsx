import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  importFieldLabel,
  importFields,
  importKindLabels,
  importMessages,
  messages,
  type ImportKind,
  type ImportMapping,
  type ImportResult,
} from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { ApiError, reportedGlobally } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useImportQueue } from '../api/get-import-queue.ts';
import { useRunImport } from '../api/run-import.ts';
import { ImportColumns } from '../components/import-columns.tsx';
import { ImportErrors } from '../components/import-errors.tsx';
import { ImportPreview } from '../components/import-preview.tsx';
import { forgetMapping, loadMapping, saveMapping } from '../components/saved-mapping.ts';

const count = new Intl.NumberFormat('pt-BR');
const rows = (n: number) => `${count.format(n)} ${n === 1 ? 'linha' : 'linhas'}`;

/** What the server said about the file or the mapping; null when the app already told the user (offline, 5xx). */
function problemOf(err: unknown): string | null {
  if (reportedGlobally(err)) return null;
  if (err instanceof ApiError) {
    const list = err.fieldErrors ? Object.values(err.fieldErrors).flat() : err.messages;
    if (list?.length) return list.join(' ');
  }
  return messages.requestFailed;
}

const mappingRefused = (err: unknown) => err instanceof ApiError && !!err.fieldErrors?.mapping;

/**
 * /import (admins): a spreadsheet of customers, products or services from another system or from
 * Excel. Choosing the file checks it (a dry run): the columns and the fields they go to, the first
 * rows, the errors; 'Importar' then writes the new valid rows. The mapping chosen here is kept for
 * the next file of the same kind.
 */
export function ImportPage() {
  const organizationId = useAuth().user?.organizationId ?? 0;
  const [kind, setKind] = useState<ImportKind>('customers');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | undefined>();
  const [check, setCheck] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const run = useRunImport(kind);
  // One import per organization runs at a time: while this page's waits, the server says so.
  const queue = useImportQueue(run.isPending);
  const waiting = run.isPending && (queue.data?.waiting ?? 0) > 0;
  const dryRunning = run.isPending && run.variables?.dryRun && !waiting;
  const importing = run.isPending && !run.variables?.dryRun && !waiting;

  const preview = async (f: File, m: ImportMapping | undefined) => {
    setProblem(null);
    setDone(null);
    try {
      setCheck(await run.mutateAsync({ file: f, mapping: m, dryRun: true }));
      setMapping(m);
    } catch (err) {
      // A mapping kept from an older file the server no longer takes: forget it and map by the headers.
      if (m && mappingRefused(err)) {
        forgetMapping(organizationId, kind);
        return preview(f, undefined);
      }
      setCheck(null);
      setProblem(problemOf(err));
    }
  };

  const reset = () => {
    setFile(null);
    setCheck(null);
    setDone(null);
    setProblem(null);
    if (input.current) input.current.value = '';
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    setCheck(null);
    setDone(null);
    if (!f) return setFile(null);
    if (f.size > IMPORT_MAX_BYTES) {
      setFile(null);
      return setProblem(importMessages.tooLarge);
    }
    setFile(f);
    void preview(f, loadMapping(organizationId, kind));
  };

  const onMap = (header: string, field: string) => {
    if (!check || !file) return;
    // A field goes to one column: choosing it here takes it from the column that had it.
    const next: ImportMapping = Object.fromEntries(
      check.columns.map((c) => [c.header, c.field === field ? '' : (c.field ?? '')]),
    );
    next[header] = field;
    saveMapping(organizationId, kind, next);
    void preview(file, next);
  };

  const onImport = async () => {
    if (!file) return;
    setProblem(null);
    try {
      const result = await run.mutateAsync({ file, mapping, dryRun: false });
      setDone(result);
      setCheck(null);
      toast.success(importMessages.imported(result.imported));
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  const shown = done ?? check;
  const fieldNames = importFields[kind].map((f) => f.label).join(', ');

  return (
    <>
      <PageHeader title="Importar planilha" />
      <div className="form-medium mb-3">
        <p className="mb-3">
          Traga os cadastros de outro sistema (como o MapOS) ou de uma planilha do Excel. Nada é gravado até você
          conferir a prévia e clicar em Importar; linhas já cadastradas (mesmo CPF/CNPJ, código ou nome) são ignoradas,
          então enviar a mesma planilha de novo não duplica nada.
        </p>
        <Form.Group className="mb-3" controlId="import-kind">
          <Form.Label>O que importar</Form.Label>
          <Form.Select
            value={kind}
            disabled={run.isPending}
            aria-describedby="import-kind-help"
            onChange={(e) => {
              setKind(e.target.value as ImportKind);
              reset();
            }}
          >
            {IMPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {importKindLabels[k]}
              </option>
            ))}
          </Form.Select>
          <Form.Text id="import-kind-help">Colunas reconhecidas pelo nome: {fieldNames}.</Form.Text>
        </Form.Group>
        <Form.Group controlId="import-file">
          <Form.Label>Planilha (CSV ou XLSX, até 10 MB)</Form.Label>
          <Form.Control
            ref={input}
            type="file"
            accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={run.isPending}
            isInvalid={!!problem && !check}
            onChange={onFile}
          />
          <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
        </Form.Group>
        {dryRunning && (
          <div className="mt-3" role="status">
            <Spinner size="sm" className="me-2" />
            Conferindo a planilha…
          </div>
        )}
        {waiting && (
          <Alert variant="info" className="mt-3 mb-0 d-flex align-items-start gap-2" role="status">
            <Spinner size="sm" className="flex-shrink-0 mt-1" aria-hidden="true" />
            <span>{importMessages.waiting}</span>
          </Alert>
        )}
      </div>

      {done && (
        <Alert variant={done.imported ? 'success' : 'info'} className="import-result">
          <Alert.Heading as="h2" className="h5">
            Importação concluída
          </Alert.Heading>
          <p className="mb-0" data-testid="import-counts">
            {rows(done.imported)} {done.imported === 1 ? 'importada' : 'importadas'}; {rows(done.skipped)}{' '}
            {done.skipped === 1 ? 'ignorada' : 'ignoradas'} ({count.format(done.existing)} já{' '}
            {done.existing === 1 ? 'cadastrada' : 'cadastradas'}, {count.format(done.invalid)} com erro).
          </p>
          <Button variant="outline-secondary" size="sm" className="mt-2" onClick={reset}>
            Importar outra planilha
          </Button>
        </Alert>
      )}

      {check && file && (
        <>
          {check.missingFields.length > 0 ? (
            <Alert variant="warning">
              {importMessages.missingFields(check.missingFields.map((f) => importFieldLabel(kind, f)))}
            </Alert>
          ) : (
            <Alert variant={check.invalid ? 'warning' : 'info'} data-testid="import-check">
              <strong>{file.name}</strong>: {rows(check.totalRows)} — {count.format(check.ready)}{' '}
              {check.ready === 1 ? 'pronta' : 'prontas'} para importar; serão ignoradas {count.format(check.existing)}{' '}
              já {check.existing === 1 ? 'cadastrada' : 'cadastradas'} e {count.format(check.invalid)} com erro.
            </Alert>
          )}
          {problem && <Alert variant="danger">{problem}</Alert>}
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <Button onClick={onImport} disabled={run.isPending || check.ready === 0 || check.missingFields.length > 0}>
              {(importing || (waiting && !run.variables?.dryRun)) && <Spinner size="sm" className="me-2" />}
              {importing
                ? 'Importando…'
                : waiting && !run.variables?.dryRun
                  ? 'Na fila…'
                  : `Importar ${rows(check.ready)}`}
            </Button>
            <Button variant="outline-secondary" onClick={reset} disabled={run.isPending}>
              Cancelar
            </Button>
            {importing && <span className="text-body-secondary small">Uma planilha grande leva até um minuto.</span>}
          </div>
          <SectionCard title="Colunas" className="mb-3">
            <p className="small text-body-secondary">
              Confira para qual campo vai cada coluna; * é obrigatório. Sua escolha fica guardada para a próxima
              planilha de {importKindLabels[kind].toLowerCase()}.
            </p>
            <ImportColumns kind={kind} columns={check.columns} disabled={run.isPending} onChange={onMap} />
          </SectionCard>
          {check.missingFields.length === 0 && (
            <SectionCard title="Prévia: primeiras linhas" className="mb-3">
              <ImportPreview kind={kind} result={check} />
            </SectionCard>
          )}
        </>
      )}

      {shown && shown.errors.length > 0 && (
        <SectionCard title={`Linhas com erro (${count.format(shown.invalid)})`} className="mb-3">
          <ImportErrors kind={kind} result={shown} />
        </SectionCard>
      )}
    </>
  );
}
