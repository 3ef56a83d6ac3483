import fp from 'fastify-plugin';
import type { Database, Db } from '@ordem-certa/db';
import { trackCommits } from '../lib/after-commit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database: its Drizzle handle, its connection and its change announcements. */
    database: Database;
    db: Db;
  }
}

/** The database every route and job reads and writes. */
export const dbPlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    // Callbacks of afterCommit (the push of a notification) run once their transaction commits.
    trackCommits(database.db);
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'db' },
);
