import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  groupedPermissions,
  idParam,
  listQuery,
  orgParam,
  permissionListResponse,
  roleBody,
  roleDetail,
  roleListResponse,
} from '@ordem-certa/contracts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.ts';

const tags = ['roles'];
const params = orgParam.extend(idParam.shape);

/** The permission map and the organization's roles: who manages users chooses what each role may do. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/organizations/:orgId/roles';
  app.get(
    '/organizations/:orgId/permissions',
    {
      schema: { tags, params: orgParam, response: { 200: permissionListResponse } },
      config: { access: { can: 'user.manage' } },
    },
    () => groupedPermissions(),
  );
  app.get(
    base,
    {
      schema: { tags, params: orgParam, querystring: listQuery, response: { 200: roleListResponse } },
      config: { access: { can: 'user.manage' } },
    },
    (request) => listRoles(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    base,
    {
      schema: { tags, params: orgParam, body: roleBody, response: { 201: roleDetail } },
      config: { access: { can: 'user.manage' } },
    },
    async (request, reply) => reply.code(201).send(await createRole(app.db, request.auth, request.body)),
  );
  app.get(
    `${base}/:id`,
    { schema: { tags, params, response: { 200: roleDetail } }, config: { access: { can: 'user.manage' } } },
    (request) => getRole(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    `${base}/:id`,
    {
      schema: { tags, params, body: roleBody, response: { 200: roleDetail } },
      config: { access: { can: 'user.manage' } },
    },
    (request) => updateRole(app.db, request.auth, request.params.id, request.body),
  );
  app.delete(
    `${base}/:id`,
    { schema: { tags, params }, config: { access: { can: 'user.manage' } } },
    async (request, reply) => {
      await deleteRole(app.db, request.auth, request.params.id);
      return reply.code(204).send();
    },
  );
};
