// The zod-free half of a record's versions: the conflict's message and shape, read by the screens
// (the technician's among them) without loading zod.

export const versionMessages = {
  /** A write sent with a version older than the record's: someone saved it meanwhile. */
  changedByOther: 'Este registro foi alterado por outra pessoa',
  /** The offline outbox's replay that met a newer version: kept out of the queue, told as a conflict. */
  offlineConflict:
    'Este registro foi alterado por outra pessoa enquanto você estava sem conexão; abra-o e salve de novo.',
} as const;

/**
 * The body of a 409 for a stale write, beside `errors`: the record's current version, the fields the
 * write sent whose current value differs from the sent one, and the current values of every field the
 * operation writes (named as in its body).
 */
export interface VersionConflict {
  version: number;
  changed: string[];
  current: Record<string, unknown>;
}
