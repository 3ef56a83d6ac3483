import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { markPure, pureDeclarations } from './pure-declarations.ts';

describe('markPure', () => {
  it('wraps each top-level value built by calls in a pure call, and nothing else', () => {
    const code = [
      "import { z } from 'zod';",
      "const label = 'ação';",
      "export const name = z.string().trim().min(1, 'é');",
      'export const shape = { id: z.number(), ...base(), list: [item()] } as const;',
      'export const plain = { a: 1, b: [label] };',
      'export const later = () => z.string();',
      'z.config({});',
      'export function f() { return g(); }',
    ].join('\n');
    expect(markPure(code, 'x.ts').split('\n')).toEqual([
      "import { z } from 'zod';",
      "const label = 'ação';",
      "export const name = /* @__PURE__ */ (() => (z.string().trim().min(1, 'é')))();",
      'export const shape = /* @__PURE__ */ (() => ({ id: z.number(), ...base(), list: [item()] } as const))();',
      'export const plain = { a: 1, b: [label] };',
      'export const later = () => z.string();',
      'z.config({});',
      'export function f() { return g(); }',
    ]);
  });
});

describe('pureDeclarations in a build', () => {
  // A module like the contracts: a value the entry uses, one it does not (built by a chain of calls), and a
  // call made for its effect.
  const dir = mkdtempSync(join(tmpdir(), 'pure-'));
  writeFileSync(
    join(dir, 'values.ts'),
    [
      'const make = (name: string) => ({ name, min: (n: number) => ({ name: `${name}>=${n}` }) });',
      "export const used = make('used').min(1);",
      "export const unused = make('unused-chain').min(2);",
      "export const unusedShape = { field: make('unused-field').min(3) };",
      '(globalThis as { configured?: boolean }).configured = true;',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'entry.ts'), "import { used } from './values.ts';\nconsole.log(used.name);\n");
  const build = async (plugins: Parameters<typeof rolldown>[0]['plugins']) => {
    const bundle = await rolldown({ input: join(dir, 'entry.ts'), plugins, logLevel: 'silent' });
    const { output } = await bundle.generate({ format: 'esm' });
    return output[0].code;
  };

  it('drops the values nothing uses, keeps the used one and the statement', async () => {
    const code = await build([pureDeclarations(/values\.ts$/)]);
    expect(code).toContain("make('used')".replace(/'/g, '"'));
    expect(code).toContain('configured = true');
    expect(code).not.toContain('unused-chain');
    expect(code).not.toContain('unused-field');
  });

  it('without it the bundler keeps what a chain builds, though nothing uses it (the control)', async () => {
    const code = await build([]);
    expect(code).toContain('unused-chain');
    expect(code).toContain('unused-field');
  });
});
