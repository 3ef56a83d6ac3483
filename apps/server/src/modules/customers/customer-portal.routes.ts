import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { messageResponse, portalForgetBody, portalRecordMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { routeOptions } from '../../plugins/route-options.ts';
import { linkRateLimit } from '../../core/documents/pdf-links.ts';
import { notifyHolders } from '../../core/notify/notify.ts';
import { audit } from '../../core/audit/audit.ts';
import { assertFound } from '../../core/access/access.ts';
import { zipStream } from '../../lib/zip.ts';
import { exportCustomerData } from './customer-export.service.ts';

/**
 * 'Meus dados' in the customer's portal (LGPD art. 18): the same export the office gives, and the request
 * to be forgotten, which reaches who handles personal data as a notification (the office decides and
 * anonymizes; what the law keeps, the fiscal documents, stays).
 */
export const customerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions('portal');
  app.get(
    '/portal/my-data/export',
    route(
      'portal',
      { summary: 'Meus dados: o ZIP com os dados pessoais do cliente (LGPD)' },
      { rateLimit: linkRateLimit(5) },
    ),
    async (request, reply) => {
      const { organizationId, customerId } = request.portal;
      const { fileName, entries } = await exportCustomerData(
        app.db,
        app.storage,
        { organizationId, userId: null },
        customerId,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(zipStream(entries, (data) => app.tasks.deflate(organizationId, data)));
    },
  );
  app.post(
    '/portal/my-data/forget',
    route(
      'portal',
      {
        summary: 'Meus dados: o cliente pede para ser esquecido; a empresa é avisada',
        body: portalForgetBody,
        response: { 202: messageResponse },
      },
      { rateLimit: linkRateLimit(5) },
    ),
    async (request, reply) => {
      const { organizationId, customerId } = request.portal;
      const c = schema.customers;
      await app.db.transaction(async (tx) => {
        const [customer] = await tx
          .select({ name: c.name })
          .from(c)
          .where(and(eq(c.organizationId, organizationId), eq(c.id, customerId)));
        const { name } = assertFound(customer);
        const reason = request.body.reason ? ` Motivo: ${request.body.reason}` : '';
        const at = new Date();
        await audit(tx, { organizationId, userId: null }, 'update', 'customer', customerId, [
          { field: 'forgetRequest', before: null, after: `pedido pela área do cliente${reason}` },
        ]);
        await notifyHolders(tx, 'customer.personalData', {
          organizationId,
          sourceKey: `portal-forget:${customerId}:${at.toISOString().slice(0, 10)}`,
          title: `${name} pediu para ser esquecido (LGPD)`,
          description: `Pedido feito pela área do cliente. Analise e, se for o caso, anonimize o cliente.${reason}`,
          url: `/customers/${customerId}/edit`,
          at,
        });
      });
      return reply.code(202).send({ message: portalRecordMessages.forgetRequested });
    },
  );
};
