import type { ChunkingContext } from 'rolldown';
import { fromWebRoot } from './web-root.ts';

/** The screens a technician works in on a phone: the menu frame, home and the order. */
export const fieldScreens = ['src/main.tsx', 'src/app/layout.tsx', 'src/features/home/pages/home-page.tsx'].concat(
  'src/features/invoices/pages/edit-invoice-page.tsx',
);
/**
 * What those screens never run, though the contracts' index names it: the phone rules of the customer and
 * company forms, and the libraries of the office's forms (input masks, the signing pad).
 */
const notField =
  /packages[\\/]contracts[\\/]src[\\/](party|phone|phone-metadata)\.ts$|node_modules[\\/](libphonenumber-js|imask|react-imask|signature_pad)[\\/]/;
/**
 * zod, which the technician's screens load only when a form first checks a field (see lazySchema in
 * src/lib/schema-source.ts): a module that imports it is not the technician's either.
 */
export const zodModule = /node_modules[\\/]zod[\\/]/;
const contractsIndex = fromWebRoot('../../packages/contracts/src/index.ts');

/** `make`, worked out once per build (the chunking context) however many modules ask. */
function perBuild<T>(make: (ctx: ChunkingContext) => T): (ctx: ChunkingContext) => T {
  const cache = new WeakMap<object, T>();
  return (ctx) => {
    if (!cache.has(ctx)) cache.set(ctx, make(ctx));
    return cache.get(ctx)!;
  };
}

/**
 * The modules the technician's screens import (statically, all the way down), found once per build,
 * less every module that leads to what they never run: a contract built on the party schemas goes with
 * them, so the technician's shared file never imports the office's. The contracts' index names every
 * contract but the bundle keeps only what is used, so the walk does not go through it.
 */
const fieldModules = perBuild((ctx) => {
  const leads = new Map<string, boolean>();
  const leadsAway = (id: string, path: Set<string>): boolean => {
    if (notField.test(id) || zodModule.test(id)) return true;
    const known = leads.get(id);
    if (known !== undefined) return known;
    if (id === contractsIndex || path.has(id)) return false;
    path.add(id);
    const result = (ctx.getModuleInfo(id)?.importedIds ?? []).some((next) => leadsAway(next, path));
    path.delete(id);
    leads.set(id, result);
    return result;
  };
  const found = new Set<string>();
  const queue = fieldScreens.map((m) => fromWebRoot(m));
  while (queue.length) {
    const id = queue.pop()!;
    if (found.has(id) || leadsAway(id, new Set())) continue;
    found.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
});

/**
 * The module the order screen's forms load their schemas from when a field is first checked (see
 * src/lib/schema-source.ts). What it imports (zod, the contracts' schemas) goes to a file of its own
 * instead of the technician's shared file, which the order screen needs before it can paint.
 */
const formSchemas = fromWebRoot('src/lib/form-schemas.ts');
/** zod's form resolver, which every form loads on its first check (see contractResolver). */
const formResolver = /node_modules[\\/]@hookform[\\/]resolvers[\\/]/;

/**
 * The contract files that export the names a module imports from the contracts' index: the index names
 * every contract, so following it would take all of them.
 */
function contractsUsedBy(ctx: ChunkingContext, id: string): string[] {
  const code = ctx.getModuleInfo(id)?.code ?? '';
  const names = new Set(
    [...code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*['"]@ordem-certa\/contracts['"]/g)].flatMap((m) =>
      m[1]!.split(',').map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      ),
    ),
  );
  return (ctx.getModuleInfo(contractsIndex)?.importedIds ?? []).filter((c) =>
    ctx.getModuleInfo(c)?.exports.some((e) => names.has(e)),
  );
}

/**
 * The modules `root` imports, all the way down (through the contracts' index by the names imported), less
 * those in `taken` (already in another file) and the office's form libraries (party and phone rules, masks).
 */
function importedFrom(ctx: ChunkingContext, root: string, taken: Set<string>): Set<string> {
  const found = new Set<string>();
  const queue = [root];
  while (queue.length) {
    const id = queue.pop()!;
    if (found.has(id) || taken.has(id) || notField.test(id)) continue;
    found.add(id);
    const imported = ctx.getModuleInfo(id)?.importedIds ?? [];
    queue.push(...imported.filter((next) => next !== contractsIndex));
    if (imported.includes(contractsIndex)) queue.push(...contractsUsedBy(ctx, id));
  }
  return found;
}

/** What form-schemas.ts imports beyond the technician's shared file: zod and the order's schemas. */
const formModules = perBuild((ctx) => importedFrom(ctx, formSchemas, fieldModules(ctx)));

/**
 * The order list, a technician's screen too, and what it imports beyond the technician's and the forms'
 * files (its filter and pagination): in a file of its own, the list loads none of the office's forms.
 */
const listScreen = fromWebRoot('src/features/invoices/pages/invoices-page.tsx');
const listModules = perBuild((ctx) =>
  importedFrom(ctx, listScreen, new Set([...fieldModules(ctx), ...formModules(ctx)])),
);

/**
 * The file a module that two or more lazy pages share goes to: the technician's screens' shared file,
 * the forms' (zod and the schemas), the order list's, or the office's (see vite.config.ts).
 */
export const sharedChunkName = (id: string, ctx: ChunkingContext) =>
  fieldModules(ctx).has(id)
    ? 'pages-shared'
    : formModules(ctx).has(id) || formResolver.test(id)
      ? 'forms-shared'
      : listModules(ctx).has(id)
        ? 'list-shared'
        : 'office-shared';
