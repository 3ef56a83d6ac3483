/**
 * The data dir holds the database, customers' photos and signatures, and outgoing e-mail: only the
 * account that runs the server may read them. Files are created owner-only (0600, directories 0700)
 * where they are written, and the server and the CLI start with umask 077 so that what other code
 * creates there (PGlite's files, the lock, the maintenance socket) gets no group or other bits either.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** Called first thing by main.ts and cli.ts. */
export function restrictNewFiles() {
  process.umask(0o077);
}
