import type { ImportKind, ImportMapping } from '@ordem-certa/contracts';

/**
 * The last column mapping an admin chose, per organization and kind, in this browser's storage: the
 * next file from the same system has the same columns, and the server applies only the headers it has.
 */
const storageKey = (organizationId: number, kind: ImportKind) => `import-mapping:${organizationId}:${kind}`;

export function loadMapping(organizationId: number, kind: ImportKind): ImportMapping | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(organizationId, kind)) ?? 'null');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
    return entries.length ? Object.fromEntries(entries) : undefined;
  } catch {
    return undefined;
  }
}

export function saveMapping(organizationId: number, kind: ImportKind, mapping: ImportMapping) {
  localStorage.setItem(storageKey(organizationId, kind), JSON.stringify(mapping));
}

export function forgetMapping(organizationId: number, kind: ImportKind) {
  localStorage.removeItem(storageKey(organizationId, kind));
}
