import type { z } from 'zod';
import { idParam, listResponse, orgParam } from '@ordem-certa/contracts';
import type { Access } from '../access/access.ts';

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
  /** Who may call the routes, and who may list the rows when more people may read the list. */
  access: { all: Access; list?: Access },
) {
  const tags = [tag];
  const config = { access: access.all };
  return {
    tags,
    list: {
      schema: { tags, params: orgParam, querystring: def.query, response: { 200: listResponse(def.response) } },
      config: { access: access.list ?? access.all },
    },
    create: { schema: { tags, params: orgParam, body: def.body, response: { 201: def.response } }, config },
    get: { schema: { tags, params: itemParams, response: { 200: def.response } }, config },
    update: { schema: { tags, params: itemParams, body: def.body, response: { 200: def.response } }, config },
  };
}
