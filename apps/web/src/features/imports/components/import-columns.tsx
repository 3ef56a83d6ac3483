import { Col, Form, Row } from 'react-bootstrap';
import { importFields, type ImportKind, type ImportResult } from '@ordem-certa/contracts';

interface ImportColumnsProps {
  kind: ImportKind;
  columns: ImportResult['columns'];
  disabled: boolean;
  /** A column sent to another field ('' leaves it out). */
  onChange(header: string, field: string): void;
}

/** Each column of the file with the field it goes to: recognized by its name, or chosen here. */
export function ImportColumns({ kind, columns, disabled, onChange }: ImportColumnsProps) {
  const fields = importFields[kind];
  return (
    <Row as="ul" className="list-unstyled g-3 mb-0" aria-label="Colunas da planilha">
      {columns.map((c, i) => {
        const id = `import-column-${i}`;
        return (
          <Col as="li" xs={6} lg={4} key={c.header}>
            <Form.Group controlId={id}>
              <Form.Label className="mb-1 fw-semibold text-break">{c.header}</Form.Label>
              <Form.Select
                size="sm"
                value={c.field ?? ''}
                disabled={disabled}
                aria-describedby={c.sample ? `${id}-sample` : undefined}
                onChange={(e) => onChange(c.header, e.target.value)}
              >
                <option value="">Não importar</option>
                {fields.map((f) => (
                  <option key={f.key} value={f.key}>
                    {f.label}
                    {f.required ? ' *' : ''}
                  </option>
                ))}
              </Form.Select>
              {c.sample && (
                <Form.Text id={`${id}-sample`} className="d-block text-truncate">
                  Ex.: {c.sample}
                </Form.Text>
              )}
            </Form.Group>
          </Col>
        );
      })}
    </Row>
  );
}
