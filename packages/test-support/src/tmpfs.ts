import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A tmpfs with `options` (e.g. 'size=256k') at `dir` (root only); false where mounting is not allowed. */
export function mountTmpfs(dir: string, options: string): boolean {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Whether this machine lets the tests mount small disks (full-disk and read-only cases). */
export const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'oficina-mount-'));
  const ok = mountTmpfs(probe, 'size=64k');
  if (ok) execFileSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  return ok;
})();
