import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Whether evaluating `node` calls anything (what a nested function would call later does not count). */
function calls(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(calls);
  const type = (node as Node).type;
  if (type === 'CallExpression' || type === 'NewExpression' || type === 'TaggedTemplateExpression') return true;
  if (/Function|Class/.test(type ?? '')) return false;
  return Object.entries(node).some(([key, value]) => key !== 'type' && typeof value === 'object' && calls(value));
}

/**
 * Makes each top-level value of a module that is built by calls droppable when unused: its initializer
 * becomes a function called at once and marked pure (`/* @__PURE__ *\/ (() => …)()`), so the bundler may
 * drop the whole of it, as it drops a whole unused module. Without this it kept every schema built by a chain
 * (`z.string().trim().min(1)`), or the chains in a dropped call's arguments: it cannot know that a method
 * call changes nothing else, so the browser built hundreds of the server's schemas at each start. Only for
 * modules whose top level builds values and changes nothing outside itself (the contracts; a call made for
 * its effect, such as zod's config, is a statement, not a declaration, and stays).
 */
export function markPure(code: string, filename: string): string {
  const edits: Array<[number, string]> = [];
  for (const statement of parseAst(code, { lang: 'ts' }, filename).body as unknown as Node[]) {
    const declaration = (
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    ) as Node | null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations as Node[]) {
      const init = d.init as Node | null;
      if (!init || !calls(init)) continue;
      edits.push([init.start, '/* @__PURE__ */ (() => ('], [init.end, '))()']);
    }
  }
  let out = code;
  for (const [position, text] of edits.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, position) + text + out.slice(position);
  return out;
}

/** The build plugin: applies markPure to the modules whose path matches `modules`. */
export function pureDeclarations(modules: RegExp): Plugin {
  return {
    name: 'pure-declarations',
    apply: 'build',
    transform: {
      filter: { id: modules },
      handler(code, id) {
        return { code: markPure(code, id.replace(/\?.*$/, '')), map: null };
      },
    },
  };
}
