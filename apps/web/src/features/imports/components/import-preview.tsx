import { Badge, Table } from 'react-bootstrap';
import { importFieldLabel, type ImportKind, type ImportResult, type ImportRowStatus } from '@ordem-certa/contracts';

const statusBadges: Record<ImportRowStatus, { text: string; bg: string }> = {
  new: { text: 'Nova', bg: 'success' },
  existing: { text: 'Já cadastrada', bg: 'secondary' },
  invalid: { text: 'Com erro', bg: 'danger' },
};

/** The first rows as the import reads them: a column per mapped field, and what happens to each row. */
export function ImportPreview({ kind, result }: { kind: ImportKind; result: ImportResult }) {
  const fields = result.columns.flatMap((c) => (c.field ? [c.field] : []));
  const errorsOf = (row: number) => result.errors.filter((e) => e.row === row);
  return (
    <div className="table-responsive">
      <Table size="sm" className="align-middle mb-0 data-table import-preview">
        <thead>
          <tr>
            <th className="text-nowrap">Linha</th>
            <th>Situação</th>
            {fields.map((f) => (
              <th key={f}>{importFieldLabel(kind, f)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.preview.map((p) => (
            <tr key={p.row} className={p.status === 'invalid' ? 'table-danger' : undefined}>
              <td>{p.row}</td>
              <td>
                <Badge bg={statusBadges[p.status].bg}>{statusBadges[p.status].text}</Badge>
                {errorsOf(p.row).map((e) => (
                  <div key={e.field} className="small text-danger text-nowrap">
                    {importFieldLabel(kind, e.field)}: {e.message}
                  </div>
                ))}
              </td>
              {fields.map((f) => (
                <td key={f} className="text-nowrap">
                  {p.values[f]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
