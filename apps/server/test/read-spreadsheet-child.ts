// Run as a child process by the spreadsheet bomb test: reads the file named on the command line with
// readSpreadsheet and prints how the process's peak memory moved meanwhile, and what the read said.
import { readFileSync } from 'node:fs';
import { readSpreadsheet } from '../src/modules/imports/spreadsheet.ts';

const file = readFileSync(process.argv[2]!);
const before = process.resourceUsage().maxRSS;
let outcome: unknown;
try {
  const sheet = await readSpreadsheet(file);
  outcome = { rows: sheet.rows.length };
} catch (err) {
  outcome = { error: (err as { errors?: unknown }).errors ?? String(err) };
}
const after = process.resourceUsage().maxRSS;
process.stdout.write(JSON.stringify({ peakGrowthMb: (after - before) / 1024, outcome }));
