import type { FastifyRequest } from 'fastify';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  formatIdentifier,
  nfseMessages,
  PersonType,
  type CertificateUpload,
  type CompanyFiscal,
  type CompanyFiscalBody,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { pickColumns } from '../../lib/sql.ts';
import { invalid } from '../../lib/errors.ts';
import { CertificateError, openA1 } from '@ordem-certa/nfse-xml';
import { canStoreSecrets, sealingKey, SecretsKeyMissing, type SecretsKeySettings } from '../../lib/secrets.ts';
import { sealCertificate } from '../../lib/certificate-store.ts';
import { readCertificateUpload } from '../../lib/certificate-upload.ts';
import { assertFound } from '../../core/access/access.ts';
import { municipalParameters } from './municipal-parameters.ts';
import { companyCertificate, timeZoneOf, type NfseContext } from './nfse.service.ts';

const f = schema.companyFiscalSettings;
const c = schema.companies;

const settingsColumns = pickColumns(
  f,
  'municipalityCode',
  'municipalRegistration',
  'simplesNacional',
  'regApTribSN',
  'specialRegime',
  'serviceCode',
  'issRate',
  'environment',
  'dpsSeries',
  'nextDpsNumber',
  'ibsCbs',
  'ibsCbsOperation',
  'ibsCbsCst',
  'ibsCbsClass',
  'materialsIncluded',
);

const ofCompany = (organizationId: number, companyId: number) =>
  and(eq(f.organizationId, organizationId), eq(f.companyId, companyId));

async function assertCompany(db: Db, organizationId: number, companyId: number) {
  const [row] = await db
    .select({ id: c.id, type: c.type, identifier: c.identifier })
    .from(c)
    .where(and(eq(c.id, companyId), eq(c.organizationId, organizationId)));
  return assertFound(row);
}

async function municipality(db: Db, ibgeCode: string | null) {
  if (!ibgeCode) return null;
  const m = schema.municipalities;
  const [row] = await db.select().from(m).where(eq(m.ibgeCode, ibgeCode));
  return row ?? null;
}

/**
 * What the national parameters API says of the company's municipality and default service code this
 * month (cached a day); null before settings and certificate exist, or when the API cannot answer.
 */
async function companyParameters(
  ctx: NfseContext,
  organizationId: number,
  companyId: number,
  settings: { municipalityCode: string | null; serviceCode: string | null } | undefined,
  hasCertificate: boolean,
): Promise<CompanyFiscal['municipalParameters']> {
  if (!settings?.municipalityCode || !settings.serviceCode || !hasCertificate || !ctx.config.nfseParametersUrl) {
    return null;
  }
  try {
    const { pfx, password } = await companyCertificate(ctx, organizationId, companyId);
    const timeZone = await timeZoneOf(ctx.db, organizationId);
    const competence = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()).slice(0, 7);
    const params = await municipalParameters(ctx.db, {
      baseUrl: ctx.config.nfseParametersUrl,
      pfx,
      password,
      timeoutMs: 10_000,
      municipalityCode: settings.municipalityCode,
      serviceCode: settings.serviceCode,
      competence,
    });
    return params
      ? {
          joined: params.joined,
          issRate: params.issRate,
          competence: params.competence,
          fetchedAt: params.fetchedAt.toISOString(),
        }
      : null;
  } catch (err) {
    ctx.log.warn({ err: { message: (err as Error).message }, companyId }, 'NFS-e: municipal parameters not read');
    return null;
  }
}

/** GET companies/{id}/fiscal. */
export async function getCompanyFiscal(
  ctx: NfseContext,
  organizationId: number,
  companyId: number,
): Promise<CompanyFiscal> {
  const db = ctx.db;
  await assertCompany(db, organizationId, companyId);
  const [row] = await db
    .select({
      ...settingsColumns,
      subject: f.certificateSubject,
      cnpj: f.certificateCnpj,
      notAfter: f.certificateNotAfter,
      uploadedAt: f.certificateUploadedAt,
    })
    .from(f)
    .where(ofCompany(organizationId, companyId));
  const a = schema.addresses;
  const [address] = await db
    .select({ ibgeCode: a.ibgeCode })
    .from(a)
    .where(and(eq(a.organizationId, organizationId), eq(a.companyId, companyId), isNotNull(a.ibgeCode)))
    .orderBy(asc(a.id))
    .limit(1);
  const defaultMunicipalityCode = address?.ibgeCode ?? null;
  const { subject, cnpj, notAfter, uploadedAt, ...settings } = row ?? ({} as Partial<NonNullable<typeof row>>);
  return {
    settings: row?.municipalityCode ? (settings as NonNullable<CompanyFiscal['settings']>) : null,
    defaultMunicipalityCode,
    municipality: await municipality(db, row?.municipalityCode ?? defaultMunicipalityCode),
    certificate:
      subject && notAfter && uploadedAt
        ? { subject, cnpj: cnpj ?? null, notAfter: notAfter.toISOString(), uploadedAt: uploadedAt.toISOString() }
        : null,
    municipalParameters: await companyParameters(ctx, organizationId, companyId, row, !!uploadedAt),
    canStoreCertificate: canStoreSecrets(ctx.config),
  };
}

/** PUT companies/{id}/fiscal: the settings (checked by the contract), the municipality against IBGE's table. */
export async function putCompanyFiscal(
  ctx: NfseContext,
  organizationId: number,
  companyId: number,
  body: CompanyFiscalBody,
) {
  const db = ctx.db;
  await assertCompany(db, organizationId, companyId);
  if (!(await municipality(db, body.municipalityCode)))
    throw invalid({ municipalityCode: nfseMessages.municipalityUnknown });
  const values = { ...body, updatedAt: new Date() };
  await db
    .insert(f)
    .values({ organizationId, companyId, ...values })
    .onConflictDoUpdate({ target: [f.organizationId, f.companyId], set: values });
  return getCompanyFiscal(ctx, organizationId, companyId);
}

/**
 * POST companies/{id}/certificate: the A1 opened with its password (422 on a wrong password or a file
 * that is not one), kept encrypted with the subject, CNPJ and validity in clear. A certificate of
 * another CNPJ is kept with a warning: the national system is the one to refuse it. In production
 * without a secrets key outside the database nothing is kept (422 on the file, saying so).
 */
export async function uploadCertificate(
  db: Db,
  secrets: SecretsKeySettings,
  organizationId: number,
  companyId: number,
  request: FastifyRequest,
): Promise<CertificateUpload> {
  const company = await assertCompany(db, organizationId, companyId);
  const { pfx, password } = await readCertificateUpload(request);
  let cert;
  try {
    cert = openA1(pfx, password);
  } catch (err) {
    if (err instanceof CertificateError)
      throw err.code === 'wrong_password'
        ? invalid({ password: nfseMessages.certificateWrongPassword })
        : invalid({ file: nfseMessages.certificateNotA1 });
    throw invalid({ file: nfseMessages.certificateNotA1 });
  }
  if (cert.notAfter.getTime() <= Date.now()) throw invalid({ file: nfseMessages.certificateExpired });

  let key: Buffer;
  try {
    key = await sealingKey(db, secrets);
  } catch (err) {
    if (err instanceof SecretsKeyMissing) throw invalid({ file: nfseMessages.secretsKeyMissing });
    throw err;
  }
  const uploadedAt = new Date();
  const values = {
    ...sealCertificate(key, organizationId, companyId, pfx, password),
    certificateSubject: cert.subject,
    certificateCnpj: cert.cnpj,
    certificateNotAfter: cert.notAfter,
    certificateUploadedAt: uploadedAt,
    certificateWarnedAt: null,
    updatedAt: uploadedAt,
  };
  await db
    .insert(f)
    .values({ organizationId, companyId, ...values })
    .onConflictDoUpdate({ target: [f.organizationId, f.companyId], set: values });

  const warnings: string[] = [];
  const companyCnpj = company.type === PersonType.Juridical ? company.identifier : null;
  if (cert.cnpj && cert.cnpj !== companyCnpj)
    warnings.push(nfseMessages.certificateOtherCnpj(formatIdentifier(cert.cnpj, PersonType.Juridical)));
  return {
    certificate: {
      subject: cert.subject,
      cnpj: cert.cnpj,
      notAfter: cert.notAfter.toISOString(),
      uploadedAt: uploadedAt.toISOString(),
    },
    warnings,
  };
}
