import { Button, Table } from 'react-bootstrap';
import { importFieldLabel, type ImportKind, type ImportResult } from '@ordem-certa/contracts';
import { saveFile } from '../../../lib/save-file.ts';
import { errorFile } from './error-file.ts';

const SHOWN = 100;
const count = new Intl.NumberFormat('pt-BR');

/** The refused rows' messages (the first hundred on screen) and the whole list as a CSV to download. */
export function ImportErrors({ kind, result }: { kind: ImportKind; result: ImportResult }) {
  const headerOf = (field: string) => result.columns.find((c) => c.field === field)?.header;
  const download = () => {
    const { blob, fileName } = errorFile(kind, result);
    saveFile(blob, fileName);
  };
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <span className="text-body-secondary small">
          {result.errors.length > SHOWN
            ? `Mostrando os primeiros ${SHOWN} de ${count.format(result.errors.length)} erros.`
            : 'Corrija essas linhas na planilha e envie de novo: o que já foi importado é ignorado.'}
        </span>
        <Button size="sm" variant="outline-primary" onClick={download}>
          Baixar erros (CSV)
        </Button>
      </div>
      <div className="table-responsive">
        <Table size="sm" className="align-middle mb-0 data-table">
          <thead>
            <tr>
              <th className="text-nowrap">Linha</th>
              <th>Coluna</th>
              <th>Erro</th>
            </tr>
          </thead>
          <tbody>
            {result.errors.slice(0, SHOWN).map((e) => (
              <tr key={`${e.row}-${e.field}`}>
                <td>{e.row}</td>
                <td>{headerOf(e.field) ?? importFieldLabel(kind, e.field)}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}
