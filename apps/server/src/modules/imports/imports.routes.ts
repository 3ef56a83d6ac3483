import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  importMessages,
  importParams,
  importQueueResponse,
  importResponse,
  orgParam,
} from '@ordem-certa/contracts';
import { readFileUpload } from '../../lib/uploads.ts';
import { parseMapping, runImport } from './imports.service.ts';
import { cepLookup } from '../../core/places/cep-lookup.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('imports');

/**
 * POST import/{customers|products|services}: a CSV or XLSX (multipart `file`, at most 10 MB), with
 * the optional fields `mapping` (JSON: column header → field, '' to leave a column out) and `dryRun`
 * ('true': check and preview, nothing written). Admins only. An address's CEP is looked up for its IBGE
 * code and held against the row's city and UF.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  // The CEP services the address forms use (CEP_API_URL, CEP_FALLBACK_URL): an imported address's CEP
  // gives its IBGE code.
  const lookupCep = cepLookup({ primary: app.config.cepApiUrl, fallback: app.config.cepFallbackUrl });
  app.post(
    '/organizations/:orgId/import/:kind',
    route('import.run', {
      params: importParams,
      summary:
        'Importa uma planilha (multipart: file CSV ou XLSX; mapping JSON opcional; dryRun=true só confere e mostra a prévia)',
      consumes: ['multipart/form-data'],
      response: { 200: importResponse },
    }),
    async (request) => {
      const upload = await readFileUpload(request, 'file', IMPORT_MAX_BYTES, importMessages.tooLarge);
      return runImport(
        app.db,
        app.tasks.openImportCheck,
        request.auth.organizationId,
        request.params.kind,
        {
          file: upload.data,
          mapping: parseMapping(upload.fields.mapping),
          dryRun: upload.fields.dryRun === 'true',
        },
        { lookupCep, log: request.log },
      );
    },
  );
  app.get(
    '/organizations/:orgId/import/queue',
    route('import.run', {
      summary: 'As importações da organização em andamento e na fila agora',
      params: orgParam,
      response: { 200: importQueueResponse },
    }),
    (request) => app.tasks.importState(request.auth.organizationId),
  );
};
