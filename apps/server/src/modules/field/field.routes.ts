import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptRouteBody,
  acceptRouteResponse,
  dayRouteQuery,
  dayRouteResponse,
  fixedTimeBody,
  fixedTimeResponse,
  addressPositionBody,
  addressPositionParams,
  addressPositionResponse,
  fieldSettingsBody,
  fieldStatusResponse,
  invoiceParams,
  orgParam,
  stampBody,
  stampCreated,
  stampsResponse,
} from '@ordem-certa/contracts';
import { sendQueuedOrderEmails } from '../../core/records/queued-emails.ts';
import { routeOptions } from '../../plugins/route-options.ts';
import { fieldSettingsOf, saveFieldSettings, setAddressPosition } from './field-places.ts';
import { addStamp } from './stamps.service.ts';
import { acceptRoute, dayRoute, setFixedTime } from './day-route.service.ts';
import { fieldStatusNow, orderStamps } from './stamps-read.service.ts';

const route = routeOptions('field');

/** The phone's clock when it sent the request (ISO), which tells how far off it is from the server's. */
function phoneClock(header: string | string[] | undefined): Date | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The technician's stamps on an order, what the office reads of them, and the organization's rules. */
export const fieldRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/organizations/:orgId/invoices/:id/stamps';
  app.post(
    base,
    route('invoice.work', { params: invoiceParams, body: stampBody, response: { 201: stampCreated } }),
    async (request, reply) => {
      const stamp = await addStamp(
        { db: app.db, routingUrl: app.config.routingUrl, appUrl: app.config.appUrl ?? '' },
        request.auth,
        request.params.id,
        request.body,
        phoneClock(request.headers['device-time']),
      );
      // 'A caminho' queued the customer's e-mail with the stamp: it goes now, not at the job's next round.
      if (stamp.kind === 'travel' && !stamp.replayed)
        void sendQueuedOrderEmails(app.db, app.log, { mailer: app.mailer, mailFrom: app.mailFrom }).catch((err) =>
          app.log.warn({ err }, 'on-the-way e-mail not sent now; the job retries'),
        );
      return reply.code(201).send(stamp);
    },
  );
  app.get(base, route('invoice.see', { params: invoiceParams, response: { 200: stampsResponse } }), (request) =>
    orderStamps(app.db, request.auth, request.params.id),
  );
  app.get(
    '/organizations/:orgId/field/status',
    route('invoice.seeAll', { params: orgParam, response: { 200: fieldStatusResponse } }),
    (request) => fieldStatusNow(app.db, request.auth.organizationId),
  );
  app.get(
    '/organizations/:orgId/field/settings',
    route('organization.see', { params: orgParam, response: { 200: fieldSettingsBody } }),
    (request) => fieldSettingsOf(app.db, request.auth.organizationId),
  );
  app.put(
    '/organizations/:orgId/field/settings',
    route('organization.manage', { params: orgParam, body: fieldSettingsBody, response: { 200: fieldSettingsBody } }),
    (request) => saveFieldSettings(app.db, request.auth.organizationId, request.body),
  );
  // The shop's address too: the day's route starts and ends there.
  for (const [segment, kind, change] of [
    ['customers', 'customer', 'customer.edit'],
    ['companies', 'company', 'company.manage'],
  ] as const)
    app.put(
      `/organizations/:orgId/${segment}/:id/addresses/:addressId/position`,
      route(change, {
        params: addressPositionParams,
        body: addressPositionBody,
        response: { 200: addressPositionResponse },
      }),
      (request) =>
        setAddressPosition(
          app.db,
          request.auth.organizationId,
          { kind, id: request.params.id },
          request.params.addressId,
          request.body,
        ),
    );
  app.get(
    '/organizations/:orgId/field/route',
    route('invoice.schedule', { params: orgParam, querystring: dayRouteQuery, response: { 200: dayRouteResponse } }),
    (request) =>
      dayRoute(
        { db: app.db, routingUrl: app.config.routingUrl },
        request.auth.organizationId,
        request.query.user,
        request.query.date,
      ),
  );
  app.post(
    '/organizations/:orgId/field/route/accept',
    route('invoice.schedule', { params: orgParam, body: acceptRouteBody, response: { 200: acceptRouteResponse } }),
    (request) => acceptRoute(app.db, request.auth, request.body.stops),
  );
  app.put(
    '/organizations/:orgId/invoices/:id/fixed-time',
    route('invoice.schedule', { params: invoiceParams, body: fixedTimeBody, response: { 200: fixedTimeResponse } }),
    (request) => setFixedTime(app.db, request.auth, request.params.id, request.body.fixed),
  );
};
