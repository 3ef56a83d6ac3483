import type { z } from 'zod';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, listResponse, orgParam } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import type { Access, Actor, AuthContext } from '../access/access.ts';

const itemParams = orgParam.extend({ id: idParam.shape.id });

export interface RegisterRouteSchemas<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  /** The list's query (page, search and the register's own filters). */
  query: Q;
  /** What a create and an update send. */
  body: B;
  /** One row as the API answers it. */
  response: R;
}

/**
 * The route options of a register's four routes (list, create, read, update), alike on every register:
 * the organization in the path, the list a page of rows, a create answered 201. Each module writes its
 * own handlers with these options, so the requests it handles are typed from the register's schemas.
 */
export function registerRouteSchemas<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  /** The OpenAPI tag of the register's routes. */
  tag: string,
  def: RegisterRouteSchemas<Q, B, R>,
  /** Who may read a row, who may create and update, and who may list the rows when more people may. */
  access: { read: Access; write: Access; list?: Access },
) {
  const tags = [tag];
  const path = `/organizations/:orgId/${tag}`;
  const read = { access: access.read };
  const write = { access: access.write };
  return {
    tags,
    /** Where the register's routes are: its tag under the organization. */
    path,
    list: {
      schema: { tags, params: orgParam, querystring: def.query, response: { 200: listResponse(def.response) } },
      config: { access: access.list ?? access.read },
    },
    create: { schema: { tags, params: orgParam, body: def.body, response: { 201: def.response } }, config: write },
    get: { schema: { tags, params: itemParams, response: { 200: def.response } }, config: read },
    update: { schema: { tags, params: itemParams, body: def.body, response: { 200: def.response } }, config: write },
  };
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A register's four services, each reading and writing within what `scope` takes from the caller. */
export interface RegisterServices<S, Q extends z.ZodType, B extends z.ZodType> {
  list(db: Db, scope: S, query: z.infer<Q>): Promise<unknown>;
  create(db: Db, scope: S, body: z.infer<B>): Promise<unknown>;
  get(db: Db, scope: S, id: number): Promise<unknown>;
  update(db: Db, scope: S, id: number, body: z.infer<B>): Promise<unknown>;
}

/** A service's scope: the caller's organization, or the caller (whose permissions hide prices or costs). */
export const byOrganization = (auth: AuthContext) => auth.organizationId;
export const byActor = (auth: AuthContext): Actor => auth;

/**
 * Declares a register's four routes at `/organizations/:orgId/<tag>` with the options of
 * `registerRouteSchemas`, each calling its service with what `scope` takes of the caller.
 */
export function registerRoutes<S, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  route: ReturnType<typeof registerRouteSchemas<Q, B, R>>,
  scope: (auth: AuthContext) => S,
  services: RegisterServices<S, Q, B>,
) {
  const { path } = route;
  const item = `${path}/:id`;
  // Zod parses each request by the register's schemas before its handler runs, and the answer is
  // checked against the response schema on its way out: the parts read here are of those types.
  const typed = app as unknown as FastifyInstance;
  const options = (o: object) => o as RouteShorthandOptions;
  const query = (r: FastifyRequest) => r.query as z.infer<Q>;
  const body = (r: FastifyRequest) => r.body as z.infer<B>;
  const id = (r: FastifyRequest) => (r.params as { id: number }).id;
  typed.get(path, options(route.list), (r) => services.list(app.db, scope(r.auth), query(r)));
  typed.post(path, options(route.create), async (r, reply) =>
    reply.code(201).send(await services.create(app.db, scope(r.auth), body(r))),
  );
  typed.get(item, options(route.get), (r) => services.get(app.db, scope(r.auth), id(r)));
  typed.put(item, options(route.update), (r) => services.update(app.db, scope(r.auth), id(r), body(r)));
}
