import type { Plugin } from 'vite';

/**
 * Fails the build when its files import each other in a circle: the browser then runs one of them before
 * the other has defined what it uses (a schema calling zod before zod's file ran), and the screen breaks
 * only in production. The circle is named, file by file, so the chunk rules can be mended.
 */
export function noChunkCircles(): Plugin {
  return {
    name: 'no-chunk-circles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      const done = new Set<string>();
      const path: string[] = [];
      const visit = (name: string) => {
        const at = path.indexOf(name);
        if (at >= 0)
          this.error(`the build's files import each other in a circle: ${[...path.slice(at), name].join(' → ')}`);
        if (done.has(name)) return;
        path.push(name);
        for (const next of imports.get(name) ?? []) visit(next);
        path.pop();
        done.add(name);
      };
      for (const name of imports.keys()) visit(name);
    },
  };
}
