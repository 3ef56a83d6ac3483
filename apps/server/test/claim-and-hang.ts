// A stand-in for a server that dies mid-job: it claims due reminders like the notification job does,
// prints their ids, then hangs until its parent kills it (SIGKILL), with the claim still open.
// Usage: node --import tsx apps/server/test/claim-and-hang.ts <DATABASE_URL>
import { openDatabase } from '@ordem-certa/db';
import { processDueReminders } from '../src/modules/notifications/reminder-job.ts';

const database = await openDatabase({ databaseUrl: process.argv[2]!, poolMax: 1 });
await processDueReminders(database.db, {
  afterClaim: async (ids) => {
    process.stdout.write(`claimed ${ids.join(',')}\n`);
    await new Promise(() => {});
  },
});
