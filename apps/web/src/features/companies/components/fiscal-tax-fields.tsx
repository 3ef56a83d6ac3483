import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Alert, Col, Form, Row } from 'react-bootstrap';
import type { CompanyFiscal, CompanyFiscalInput } from '@ordem-certa/contracts';
import { formatDateTime } from '../../../lib/format.ts';

const percent = (v: number) => `${v.toFixed(2).replace('.', ',')}%`;

/**
 * What the national parameters API says of the company's municipality this month, beside the ISS
 * rate: whether it uses the national system and its rate for the default service, with a warning when
 * the rate typed here differs (where the municipality sets it, the NFS-e takes the municipality's).
 */
export function MunicipalRate({ fiscal, control }: { fiscal: CompanyFiscal; control: Control<CompanyFiscalInput> }) {
  const typed = useWatch({ control, name: 'issRate' });
  const p = fiscal.municipalParameters;
  if (!p) return null;
  const rate = typeof typed === 'number' && Number.isFinite(typed) ? typed : null;
  const [y, m] = p.competence.split('-');
  return (
    <Col xs={12}>
      {p.joined ? (
        <div className="small" data-testid="municipal-rate">
          Alíquota do município no sistema nacional ({m}/{y}, serviço {fiscal.settings?.serviceCode}):{' '}
          <strong>{p.issRate !== null ? percent(p.issRate) : 'não parametrizada'}</strong>
          <span className="text-body-secondary"> · consultada em {formatDateTime(p.fetchedAt)}</span>
        </div>
      ) : (
        <div className="small" data-testid="municipal-rate">
          O município não usa o sistema nacional da NFS-e: a alíquota informada aqui vai na nota.
        </div>
      )}
      {p.joined && p.issRate !== null && rate !== null && Math.abs(rate - p.issRate) > 0.001 && (
        <Alert variant="warning" className="small mt-2 mb-0" data-testid="municipal-rate-warning">
          A alíquota da empresa ({percent(rate)}) difere da do município ({percent(p.issRate)}). A NFS-e usa a do
          município; confira a alíquota da empresa e o código do serviço.
        </Alert>
      )}
    </Col>
  );
}

/**
 * 'Materiais incluídos no valor do serviço': yes (the NFS-e declares the order's services and parts,
 * as it always did) or no (the services alone; the parts stay out of the note's value).
 */
export function MaterialsField({
  register,
  errors,
}: {
  register: UseFormRegister<CompanyFiscalInput>;
  errors: FieldErrors<CompanyFiscalInput>;
}) {
  return (
    <Form.Group as={Col} xs={12} md={4} controlId="fiscal-materials">
      <Form.Label>Materiais incluídos no valor do serviço</Form.Label>
      <Form.Select
        isInvalid={!!errors.materialsIncluded}
        {...register('materialsIncluded', { setValueAs: (v: unknown) => v === true || v === 'true' })}
      >
        <option value="true">Sim</option>
        <option value="false">Não</option>
      </Form.Select>
      <Form.Control.Feedback type="invalid">{errors.materialsIncluded?.message}</Form.Control.Feedback>
      <Form.Text>
        Não: as peças e os materiais da ordem ficam fora do valor da NFS-e, que declara só os serviços.
      </Form.Text>
    </Form.Group>
  );
}

/** IBS/CBS (reforma tributária): declared in the DPS when on, with the operation indicator, CST and cClassTrib. */
export function IbsCbsFields({
  register,
  errors,
  control,
}: {
  register: UseFormRegister<CompanyFiscalInput>;
  errors: FieldErrors<CompanyFiscalInput>;
  control: Control<CompanyFiscalInput>;
}) {
  const on = useWatch({ control, name: 'ibsCbs' });
  return (
    <Col xs={12}>
      <fieldset className="border rounded p-3">
        <legend className="fs-6 float-none w-auto px-1 mb-0">IBS e CBS (reforma tributária)</legend>
        <Form.Check
          type="switch"
          id="fiscal-ibs-cbs"
          label="Informar o grupo IBS/CBS na NFS-e"
          {...register('ibsCbs')}
        />
        <Form.Text className="d-block mb-2">
          Opcional enquanto o município não exige. O sistema nacional calcula os valores; a empresa declara a operação e
          a classificação.
        </Form.Text>
        {on && (
          <Row className="g-3">
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-ibs-operation">
              <Form.Label>Indicador da operação (cIndOp)</Form.Label>
              <Form.Control
                inputMode="numeric"
                maxLength={6}
                isInvalid={!!errors.ibsCbsOperation}
                {...register('ibsCbsOperation')}
              />
              <Form.Control.Feedback type="invalid">{errors.ibsCbsOperation?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-ibs-cst">
              <Form.Label>CST do IBS/CBS</Form.Label>
              <Form.Control
                inputMode="numeric"
                maxLength={3}
                isInvalid={!!errors.ibsCbsCst}
                {...register('ibsCbsCst')}
              />
              <Form.Control.Feedback type="invalid">{errors.ibsCbsCst?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-ibs-class">
              <Form.Label>Classificação tributária (cClassTrib)</Form.Label>
              <Form.Control
                inputMode="numeric"
                maxLength={6}
                isInvalid={!!errors.ibsCbsClass}
                {...register('ibsCbsClass')}
              />
              <Form.Control.Feedback type="invalid">{errors.ibsCbsClass?.message}</Form.Control.Feedback>
            </Form.Group>
          </Row>
        )}
      </fieldset>
    </Col>
  );
}
