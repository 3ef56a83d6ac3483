import type { Plugin } from 'vite';
import { staticImports } from './screen-preloads.ts';
import { fieldScreens, zodModule } from './shared-chunks.ts';
import { fromWebRoot } from './web-root.ts';

/**
 * Stops the build when the order screen, or what it needs to paint, imports zod statically: the phone
 * would again wait for the validation library (about 25 KiB on its network, and its start-up work)
 * before it draws the order. It happens when a module the screen imports statically uses a schema:
 * take the schema through lazySchema instead, or move the plain value it needs (a label, a limit) to a
 * contract file without zod.
 */
export function fieldFilesWithoutZod(): Plugin {
  return {
    name: 'field-files-without-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const roots = chunks.filter((c) => c.isEntry || fieldScreens.some((m) => c.facadeModuleId === fromWebRoot(m)));
      const files = staticImports(
        byFile,
        roots.map((c) => c.fileName),
      );
      for (const [file, from] of files) {
        const zod = Object.keys(byFile.get(file)?.modules ?? {}).find((id) => zodModule.test(id));
        if (zod)
          this.error(`${file} (imported by ${from}) holds ${zod}: the order screen would load zod before it paints`);
      }
    },
  };
}
