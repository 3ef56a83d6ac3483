import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@ordem-certa/db';
import { currentVersions, type VersionName } from './list.ts';
import { perDatabase } from './sql.ts';

/**
 * Whole answers of the most read GET routes (the order list, an order, the customer list, a customer, the
 * owner's dashboard),
 * kept as the JSON text sent and sent again while nothing they read has changed.
 *
 * Never stale: before each answer, kept or not, the organization's table versions (list_versions, raised
 * by every committed write, background jobs' and other processes' included) are read from the database by
 * a read that starts after the request arrived (currentVersions). A kept answer is sent only when the
 * versions of every table it depends on are the ones it was built under; an answer is built after that
 * read, so it is filed under versions never newer than its data. So a kept answer is exactly what reading the database at that
 * moment would give, on any number of processes or machines.
 *
 * Cheap under load: requests that arrive while a read of the versions runs share the next one.
 *
 * Kept per database and per reader: the key is the user, their role's permissions as they are at this
 * request, the organization's features and the request's URL, so what one user may not see (another
 * technician's orders, prices, costs) never reaches another, nor the same user once their role changed. At most KEPT_BYTES of text per database, the least recently sent dropped first.
 *
 * Rows added elsewhere: a search of customers kept when another user adds a customer is out of date by
 * its versions, though the new customer most likely does not match it. A route that can tell whether
 * the rows added since leave its answer as it was (`newRows`, e.g. none of them matches the search: see
 * list_inserts) has it checked when the table's rows were only added to ('<table>~' and every other
 * version unchanged); when they leave it, the answer stands under the new versions.
 */
const KEPT_BYTES = 16 * 1024 * 1024;
const KEPT_MAX = 5000;

interface Kept {
  versions: number[];
  body: string;
}

/** Tables whose added rows are listed by version (list_inserts). */
export type ListedTable = 'customers' | 'companies';

export interface NewRows {
  table: ListedTable;
  /** Whether the rows added by the table's versions after `from` up to `to` leave the answer as it was. */
  unchangedBy: (from: number, to: number) => Promise<boolean>;
}

export interface KeptOptions {
  newRows?: NewRows;
  /**
   * What else the answer depends on besides the tables and the reader, as text (the day an answer by
   * the calendar was built for): an answer kept under another text is built again.
   */
  keyedBy?: string;
}

class Answers {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  get(key: string): Kept | undefined {
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    // the most recently sent go last, so the first are the first dropped
    this.kept.delete(key);
    this.kept.set(key, kept);
    return kept;
  }

  set(key: string, versions: number[], body: string) {
    const size = key.length + body.length;
    if (size > KEPT_BYTES / 8) return;
    this.drop(key);
    while (this.kept.size >= KEPT_MAX || this.bytes + size > KEPT_BYTES) this.drop(this.kept.keys().next().value!);
    this.kept.set(key, { versions, body });
    this.bytes += size;
  }

  private drop(key: string) {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.kept.delete(key);
    this.bytes -= key.length + kept.body.length;
  }
}

const answersOf = perDatabase(() => new Answers());
const featuresKeys = new WeakMap<object, string>();
const permissionKeys = new WeakMap<ReadonlySet<string>, string>();

function readerKey(request: FastifyRequest, keyedBy: string | undefined): string {
  const { auth } = request;
  let features = featuresKeys.get(auth.features);
  if (features === undefined) featuresKeys.set(auth.features, (features = JSON.stringify(auth.features)));
  let permissions = permissionKeys.get(auth.permissions);
  if (permissions === undefined)
    permissionKeys.set(auth.permissions, (permissions = [...auth.permissions].sort().join(',')));
  const url = keyedBy === undefined ? request.url : `${request.url}|${keyedBy}`;
  return `${auth.userId}|${auth.roles.join(',')}|${permissions}|${features}|${url}`;
}

/**
 * The route's answer as JSON text: the one kept for this reader and URL when the versions of `dependsOn`
 * are unchanged, else `build()`'s, written by the route's own serializer and kept. For a GET route with a
 * 200 response schema, whose answer depends only on the database rows of the tables named (and on who
 * asks). A failed build (404, 403) is thrown as usual and nothing is kept. Sets the reply's JSON content
 * type, so Fastify sends the text as it is.
 */
async function keptText(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  dependsOn: readonly VersionName[],
  build: () => Promise<unknown>,
  { newRows, keyedBy }: KeptOptions = {},
): Promise<string> {
  const answers = answersOf(db, undefined);
  const organizationId = request.auth.organizationId;
  const all = await currentVersions(db, organizationId);
  const versions = dependsOn.map((name) => all.get(name) ?? 0);
  const key = readerKey(request, keyedBy);
  reply.type('application/json; charset=utf-8');
  const kept = answers.get(key);
  if (kept) {
    const changed = dependsOn.filter((_, i) => kept.versions[i] !== versions[i]);
    if (changed.length === 0) return kept.body;
    // Only rows added to a listed table since (its '~' unchanged): the route says whether they matter.
    if (newRows && changed.length === 1 && changed[0] === newRows.table && dependsOn.includes(`${newRows.table}~`)) {
      const at = dependsOn.indexOf(newRows.table);
      if (await newRows.unchangedBy(kept.versions[at]!, versions[at]!)) {
        answers.set(key, versions, kept.body);
        return kept.body;
      }
    }
  }
  const body = reply.serialize(await build()) as string;
  answers.set(key, versions, body);
  return body;
}

/**
 * keptText for a route's handler to return. Typed as build's answer, so the route keeps its response type;
 * what it resolves to is that answer already written as JSON text, which Fastify sends as it is (the
 * reply's content type is JSON and the payload a string), without serializing it again.
 */
export function keptAnswer<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  dependsOn: readonly VersionName[],
  build: () => Promise<T>,
  options?: KeptOptions,
): Promise<T> {
  return keptText(db, request, reply, dependsOn, build, options) as Promise<unknown> as Promise<T>;
}
