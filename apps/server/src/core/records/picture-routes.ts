import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  invoicePicturesResponse,
  MAX_PHOTOS_PER_UPLOAD,
  orgParam,
  paperworkMessages,
} from '@ordem-certa/contracts';
import { readImageUploads } from '../../lib/uploads.ts';
import type { recordPictures } from './pictures.ts';
import type { Access } from '../access/access.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
const recordParams = orgParam.extend({ id: idParam.shape.id });
const pictureParams = recordParams.extend({ pictureId: idParam.shape.id });

/**
 * The photo routes of a kind of record, under `base` (`/organizations/:orgId/<kind>/:id`): the list,
 * an upload of several images (multipart field `attachment`), the original file, and removal.
 */
export function pictureRoutes(
  app: ZodApp,
  base: string,
  pictures: ReturnType<typeof recordPictures>,
  route: { tags: string[]; access: Access },
) {
  const { tags } = route;
  const config = { access: route.access };
  const path = `${base}/attachments/pictures`;
  app.get(
    path,
    { schema: { tags, params: recordParams, response: { 200: invoicePicturesResponse } }, config },
    (request) => pictures.listPictures(app.db, request.auth, request.params.id),
  );
  app.post(
    path,
    {
      schema: {
        tags,
        params: recordParams,
        summary: `Envia fotos (multipart, campo attachment repetido, até ${MAX_PHOTOS_PER_UPLOAD}; PNG ou JPEG)`,
        consumes: ['multipart/form-data'],
        response: { 201: invoicePicturesResponse },
      },
      config,
    },
    async (request, reply) => {
      const uploads = await readImageUploads(
        request,
        'attachment',
        MAX_PHOTOS_PER_UPLOAD,
        paperworkMessages.tooManyInUpload,
      );
      const added = await pictures.addPictures(app.db, app.storage, request.auth, request.params.id, uploads);
      return reply.code(201).send(added);
    },
  );
  app.get(
    `${path}/:pictureId`,
    { schema: { tags, params: pictureParams, summary: 'Baixa a foto em tamanho original' }, config },
    async (request, reply) => {
      const { id, pictureId } = request.params;
      const file = await pictures.getPictureFile(app.db, app.storage, request.auth, id, pictureId);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename="foto-${pictureId}"`)
        .send(file.data);
    },
  );
  app.delete(`${path}/:pictureId`, { schema: { tags, params: pictureParams }, config }, async (request, reply) => {
    await pictures.removePicture(app.db, app.storage, request.auth, request.params.id, request.params.pictureId);
    return reply.code(204).send();
  });
}
