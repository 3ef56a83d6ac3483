import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import type { ReportFilter } from '@ordem-certa/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { DateInput } from '../../../components/date-input.tsx';

export type FilterValues = Record<string, string>;

export const filterDefaults = (filters: ReportFilter[]): FilterValues =>
  Object.fromEntries(filters.map((f) => [f.name, f.default ?? '']));

interface ReportFilterFormProps {
  filters: ReportFilter[];
  onSubmit(values: FilterValues): Promise<unknown>;
}

/**
 * The form a report's filters describe (date, select, string). The server checks every field and
 * its 422 messages land under them; the browser's own checks are off so both say the same thing.
 */
export function ReportFilterForm({ filters, onSubmit }: ReportFilterFormProps) {
  const form = useForm<FilterValues>({ defaultValues: filterDefaults(filters) });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      applyServerErrors(err, form.setError);
    }
  });
  return (
    <Form noValidate onSubmit={submit} className="report-filters card card-body mb-3">
      <Row className="g-3 align-items-start">
        {filters.map((f) => {
          const id = `report-filter-${f.name}`;
          const error = errors[f.name]?.message;
          return (
            <Col xs={12} sm={6} lg={3} key={f.name}>
              <Form.Group controlId={id}>
                <Form.Label>
                  {f.label}
                  {f.required && <span className="text-danger"> *</span>}
                </Form.Label>
                {f.type === 'select' ? (
                  <Form.Select {...form.register(f.name)} isInvalid={!!error}>
                    {!f.required && <option value="">Todos</option>}
                    {f.options?.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </Form.Select>
                ) : f.type === 'date' ? (
                  <Controller
                    control={form.control}
                    name={f.name}
                    render={({ field }) => (
                      <DateInput
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        min={f.min as string | undefined}
                        max={f.max as string | undefined}
                        error={error}
                      />
                    )}
                  />
                ) : (
                  <Form.Control type="text" {...form.register(f.name)} isInvalid={!!error} />
                )}
                {f.type !== 'date' && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
              </Form.Group>
            </Col>
          );
        })}
        <Col xs={12} sm="auto">
          {/* An empty label keeps the button on the inputs' line, whatever error shows under them. */}
          <Form.Label className="d-none d-sm-block" aria-hidden="true">
            &nbsp;
          </Form.Label>
          <Button type="submit" disabled={isSubmitting} className="w-100">
            {isSubmitting && <Spinner size="sm" className="me-2" />}
            Filtrar
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
