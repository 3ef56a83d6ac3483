import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { municipalityListQuery, municipalityListResponse } from '@ordem-certa/contracts';
import { listMunicipalities } from './municipalities.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('municipalities');

/** IBGE's municipalities for the address form's city picker: any signed-in user, no organization data. */
export const municipalityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/municipalities',
    route('lookup.use', {
      summary: 'Lista os municípios do IBGE (busca sem acentos, UF, página)',
      querystring: municipalityListQuery,
      response: { 200: municipalityListResponse },
    }),
    (request) => listMunicipalities(app.db, request.query),
  );
};
