import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages } from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';
import { importForm } from '@ordem-certa/test-support/import-fixtures';
import { lyingXlsx } from '@ordem-certa/test-support/lying-xlsx';

// A spreadsheet bomb: an XLSX of a few hundred kilobytes whose ZIP directory says its worksheet holds
// 1,000 bytes, while it inflates to 300 MB. The size check counts what really comes out as it
// inflates and stops at the 200 MB limit, keeping none of it.
const t = perFile();
const dir = mkdtempSync(join(tmpdir(), 'xlsx-bomb-'));
const file = join(dir, 'bomba.xlsx');
let bomb: Buffer;
beforeAll(async () => {
  bomb = await lyingXlsx(300);
  writeFileSync(file, bomb);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an XLSX whose ZIP directory lies about its sizes', () => {
  it('is refused at the limit with its message, the process peak growing by well under 100 MB', async () => {
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    // A process of its own, so the peak measured is this read's alone.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/test/read-spreadsheet-child.ts', file],
      { encoding: 'utf8', timeout: 120_000 },
    );
    const { peakGrowthMb, outcome } = JSON.parse(stdout) as { peakGrowthMb: number; outcome: unknown };
    expect(outcome).toEqual({ error: { file: [importMessages.xlsxTooLarge] } });
    expect(peakGrowthMb).toBeLessThan(100);
  });

  it('the import answers 422 on the file, saying it is too large', async () => {
    const form = importForm(bomb, 'bomba.xlsx', { dryRun: 'true' });
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/import/customers`,
      headers: { ...t.org.as(t.org.admin.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ file: [importMessages.xlsxTooLarge] });
  });
});
