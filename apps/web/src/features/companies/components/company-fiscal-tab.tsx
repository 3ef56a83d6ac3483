import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  addDays,
  companyFiscalBody,
  formatIdentifier,
  messages,
  nfseEnvironmentLabels,
  nfseEnvironments,
  nfseMessages,
  PersonType,
  regApTribSNLabels,
  simplesNacionalLabels,
  specialRegimeLabels,
  type CompanyFiscal,
  type CompanyFiscalBody,
  type CompanyFiscalInput,
} from '@ordem-certa/contracts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { dayOf, todayIso } from '../../../lib/time-zone.ts';
import { useCompanyFiscal } from '../api/get-company-fiscal.ts';
import { useUpdateCompanyFiscal } from '../api/update-company-fiscal.ts';
import { useUploadCompanyCertificate } from '../api/upload-company-certificate.ts';
import { useExportNfseMonth } from '../../../components/nfse/api/export-nfse-month.ts';
import { CertificateUploadForm } from './certificate-upload-form.tsx';
import { IbsCbsFields, MaterialsField, MunicipalRate } from './fiscal-tax-fields.tsx';

/** An empty input is null; '2,5' is 2.5. */
const decimal = (v: unknown) =>
  v === '' || v === null || v === undefined ? null : Number(String(v).replace(',', '.'));
const integer = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

function defaults(fiscal: CompanyFiscal): CompanyFiscalInput {
  const s = fiscal.settings;
  return {
    municipalityCode: s?.municipalityCode ?? fiscal.defaultMunicipalityCode ?? '',
    municipalRegistration: s?.municipalRegistration ?? '',
    simplesNacional: (s?.simplesNacional ?? 1) as 1 | 2 | 3,
    regApTribSN: (s?.regApTribSN ?? 1) as 1 | 2 | 3,
    specialRegime: (s?.specialRegime ?? 0) as 0,
    serviceCode: s?.serviceCode ?? '',
    issRate: s?.issRate ?? null,
    environment: s?.environment ?? 'homologation',
    dpsSeries: s?.dpsSeries ?? '1',
    nextDpsNumber: s?.nextDpsNumber ?? 1,
    ibsCbs: s?.ibsCbs ?? false,
    ibsCbsOperation: s?.ibsCbsOperation ?? '',
    ibsCbsCst: s?.ibsCbsCst ?? '',
    ibsCbsClass: s?.ibsCbsClass ?? '',
    materialsIncluded: s?.materialsIncluded ?? true,
  };
}

/**
 * 'Fiscal (NFS-e)': what the company's NFS-e Nacional carries (municipality, registration, tax regime,
 * service code, ISS rate, whether materials count in the service's value, environment, DPS numbering), its A1 certificate, and the month's XML for the
 * accountant.
 */
export function CompanyFiscalTab({ companyId }: { companyId: number }) {
  const fiscal = useCompanyFiscal(companyId);
  if (fiscal.isPending) return <Spinner animation="border" size="sm" role="status" aria-label="Carregando" />;
  if (fiscal.isError) return <Alert variant="danger">Não foi possível carregar os dados fiscais.</Alert>;
  return (
    <div className="d-flex flex-column gap-3">
      <FiscalSettingsForm companyId={companyId} fiscal={fiscal.data} />
      <CertificateCard companyId={companyId} fiscal={fiscal.data} />
      <MonthExportCard />
    </div>
  );
}

function FiscalSettingsForm({ companyId, fiscal }: { companyId: number; fiscal: CompanyFiscal }) {
  const save = useUpdateCompanyFiscal(companyId);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFiscalInput, unknown, CompanyFiscalBody>({
    resolver: zodResolver(companyFiscalBody),
    defaultValues: defaults(fiscal),
  });
  const simples = Number(useWatch({ control, name: 'simplesNacional' }));
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Dados fiscais salvos');
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  const asNumber = { setValueAs: integer };
  return (
    <Card>
      <Card.Header as="h2" className="fs-6 mb-0">
        Dados fiscais
      </Card.Header>
      <Card.Body>
        <Form noValidate onSubmit={submit}>
          <Row className="g-3">
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-municipality">
              <Form.Label>Município (código IBGE)</Form.Label>
              <Form.Control
                inputMode="numeric"
                maxLength={7}
                isInvalid={!!errors.municipalityCode}
                {...register('municipalityCode')}
              />
              <Form.Control.Feedback type="invalid">{errors.municipalityCode?.message}</Form.Control.Feedback>
              {fiscal.municipality && (
                <Form.Text>
                  {fiscal.municipality.name} — {fiscal.municipality.state}
                </Form.Text>
              )}
            </Form.Group>
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-registration">
              <Form.Label>Inscrição municipal</Form.Label>
              <Form.Control isInvalid={!!errors.municipalRegistration} {...register('municipalRegistration')} />
              <Form.Control.Feedback type="invalid">{errors.municipalRegistration?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-service-code">
              <Form.Label>Código de tributação nacional</Form.Label>
              <Form.Control inputMode="numeric" isInvalid={!!errors.serviceCode} {...register('serviceCode')} />
              <Form.Control.Feedback type="invalid">{errors.serviceCode?.message}</Form.Control.Feedback>
              <Form.Text>6 dígitos (cTribNac); um serviço pode ter o seu.</Form.Text>
            </Form.Group>
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-simples">
              <Form.Label>Simples Nacional</Form.Label>
              <Form.Select isInvalid={!!errors.simplesNacional} {...register('simplesNacional', asNumber)}>
                {Object.entries(simplesNacionalLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.simplesNacional?.message}</Form.Control.Feedback>
            </Form.Group>
            {simples === 3 && (
              <Form.Group as={Col} xs={12} md={4} controlId="fiscal-reg-ap">
                <Form.Label>Regime de apuração</Form.Label>
                <Form.Select isInvalid={!!errors.regApTribSN} {...register('regApTribSN', asNumber)}>
                  {Object.entries(regApTribSNLabels).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.regApTribSN?.message}</Form.Control.Feedback>
              </Form.Group>
            )}
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-special">
              <Form.Label>Regime especial de tributação</Form.Label>
              <Form.Select isInvalid={!!errors.specialRegime} {...register('specialRegime', asNumber)}>
                {Object.entries(specialRegimeLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.specialRegime?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-iss-rate">
              <Form.Label>Alíquota do ISS (%)</Form.Label>
              <Form.Control
                inputMode="decimal"
                isInvalid={!!errors.issRate}
                {...register('issRate', { setValueAs: decimal })}
              />
              <Form.Control.Feedback type="invalid">{errors.issRate?.message}</Form.Control.Feedback>
              <Form.Text>
                Ex.: 2 ou 2,5. Só vai na NFS-e quando o regime admite e o município não aderiu ao sistema nacional.
              </Form.Text>
            </Form.Group>
            <MunicipalRate fiscal={fiscal} control={control} />
            <MaterialsField register={register} errors={errors} />
            <Form.Group as={Col} xs={12} md={4} controlId="fiscal-environment">
              <Form.Label>Ambiente</Form.Label>
              <Form.Select isInvalid={!!errors.environment} {...register('environment')}>
                {nfseEnvironments.map((env) => (
                  <option key={env} value={env}>
                    {nfseEnvironmentLabels[env]}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.environment?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={12} sm={6} md={4} controlId="fiscal-series">
              <Form.Label>Série da DPS</Form.Label>
              <Form.Control
                inputMode="numeric"
                maxLength={5}
                isInvalid={!!errors.dpsSeries}
                {...register('dpsSeries')}
              />
              <Form.Control.Feedback type="invalid">{errors.dpsSeries?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={12} sm={6} md={4} controlId="fiscal-next-number">
              <Form.Label>Próximo número da DPS</Form.Label>
              <Form.Control
                inputMode="numeric"
                isInvalid={!!errors.nextDpsNumber}
                {...register('nextDpsNumber', asNumber)}
              />
              <Form.Control.Feedback type="invalid">{errors.nextDpsNumber?.message}</Form.Control.Feedback>
            </Form.Group>
            <IbsCbsFields register={register} errors={errors} control={control} />
          </Row>
          <Button type="submit" className="mt-3" disabled={isSubmitting}>
            Salvar dados fiscais
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

function CertificateCard({ companyId, fiscal }: { companyId: number; fiscal: CompanyFiscal }) {
  const upload = useUploadCompanyCertificate(companyId);
  const [warnings, setWarnings] = useState<string[]>([]);
  const cert = fiscal.certificate;
  const expiresSoon = !!cert && dayOf(cert.notAfter) <= addDays(todayIso(), 30);

  return (
    <Card>
      <Card.Header as="h2" className="fs-6 mb-0">
        Certificado digital A1
      </Card.Header>
      <Card.Body>
        {cert ? (
          <dl className="row mb-3 small">
            <dt className="col-sm-3">Titular</dt>
            <dd className="col-sm-9 text-break" data-testid="certificate-subject">
              {cert.subject}
            </dd>
            {cert.cnpj && (
              <>
                <dt className="col-sm-3">CNPJ</dt>
                <dd className="col-sm-9">{formatIdentifier(cert.cnpj, PersonType.Juridical)}</dd>
              </>
            )}
            <dt className="col-sm-3">Válido até</dt>
            <dd className={`col-sm-9 ${expiresSoon ? 'text-danger fw-semibold' : ''}`}>{formatDate(cert.notAfter)}</dd>
          </dl>
        ) : (
          <p className="text-body-secondary">
            Nenhum certificado enviado. A NFS-e é assinada com o certificado A1 da empresa.
          </p>
        )}
        {warnings.map((w) => (
          <Alert key={w} variant="warning">
            {w}
          </Alert>
        ))}
        <CertificateUploadForm
          replacing={!!cert}
          pending={upload.isPending}
          text={nfseMessages}
          unavailable={fiscal.canStoreCertificate ? undefined : nfseMessages.secretsKeyMissing}
          upload={async (file, password) => setWarnings((await upload.mutateAsync({ file, password })).warnings)}
        />
      </Card.Body>
    </Card>
  );
}

function MonthExportCard() {
  const exportMonth = useExportNfseMonth();
  const [month, setMonth] = useState(todayIso().slice(0, 7));
  return (
    <Card>
      <Card.Header as="h2" className="fs-6 mb-0">
        XML para o contador
      </Card.Header>
      <Card.Body>
        <Form
          className="d-flex flex-wrap gap-2 align-items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (/^\d{4}-\d{2}$/.test(month)) exportMonth.mutate(month);
          }}
        >
          <Form.Group controlId="nfse-export-month">
            <Form.Label>Mês</Form.Label>
            <Form.Control type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          </Form.Group>
          <Button type="submit" variant="outline-secondary" disabled={exportMonth.isPending}>
            Baixar XML do mês (ZIP)
          </Button>
        </Form>
        <Form.Text>As NFS-e emitidas no mês, de todas as empresas, e os cancelamentos.</Form.Text>
      </Card.Body>
    </Card>
  );
}
