import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orgParam,
  profileResponse,
  signatureBody,
  signatureResponse,
  updateProfileBody,
  updateProfileResponse,
} from '@ordem-certa/contracts';
import { getProfile, saveSignature, updateProfile } from './profile.service.ts';
import { bearer } from '../../plugins/auth.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('profile');

/** The logged user's own data: every user, admin or not. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/profile',
    route('profile.manage', { params: orgParam, response: { 200: profileResponse } }),
    (request) => getProfile(app.db, request.auth),
  );
  app.put(
    '/organizations/:orgId/profile',
    route('profile.manage', { params: orgParam, body: updateProfileBody, response: { 200: updateProfileResponse } }),
    async (request) =>
      updateProfile(app.db, app.tokens, request.auth, request.body, (await app.tokens.verify(bearer(request)!)).sid),
  );
  app.post(
    '/organizations/:orgId/profile/sign',
    route('profile.manage', { params: orgParam, body: signatureBody, response: { 200: signatureResponse } }),
    (request) => saveSignature(app.db, request.auth, request.body.signature),
  );
};
