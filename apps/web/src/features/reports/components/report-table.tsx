import { Table } from 'react-bootstrap';
import { reportMessages, type ReportResult } from '@ordem-certa/contracts';
import { formatCell, isNumeric, isTemporal } from './report-cells.ts';

/** The result rows with typed, pt-BR formatted columns (numbers to the right). */
export function ReportTable({ result }: { result: ReportResult }) {
  return (
    // A wide result scrolls sideways on a phone: the region takes the focus, so a keyboard scrolls it too.
    <div className="table-responsive" tabIndex={0} role="region" aria-label={`Tabela: ${result.title}`}>
      <Table hover size="sm" className="align-middle mb-0 report-table">
        <thead>
          <tr>
            {result.header.map((h) => (
              <th key={h.name} className={isNumeric(h.type) ? 'text-end text-nowrap' : 'text-nowrap'}>
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.body.length === 0 ? (
            <tr>
              <td colSpan={result.header.length} className="text-center text-body-secondary py-4">
                {reportMessages.empty}
              </td>
            </tr>
          ) : (
            result.body.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => {
                  const type = result.header[j]!.type;
                  return (
                    <td
                      key={j}
                      className={
                        isNumeric(type) ? 'text-end text-nowrap' : isTemporal(type) ? 'text-nowrap' : undefined
                      }
                    >
                      {formatCell(cell, type)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </div>
  );
}
