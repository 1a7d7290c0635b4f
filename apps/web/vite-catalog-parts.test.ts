// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  partsIndex,
  pickMessages,
  relativeDynamicImports,
  splitMessages,
  staticGraph,
  wrapInLoadChunk,
} from './vite-catalog-parts.ts';

describe('the catalog split (vite-catalog-parts.ts)', () => {
  it('finds the relative import() expressions, not packages, strings or comments', () => {
    const code = [
      "const note = 'Loading… import(\"./not-code.ts\")'; // import('./nor-this.ts')",
      "const Dialog = lazy(() => import('./Dialog.tsx').then((m) => ({ default: m.Dialog })));",
      'const worker = () => import(`../lib/worker.ts`);',
      "const sw = () => import('workbox-window');",
      'const el = <p>{note}</p>;',
    ].join('\n');
    const found = relativeDynamicImports(code, 'tsx');
    expect(found.map(({ specifier }) => specifier)).toEqual(['./Dialog.tsx', '../lib/worker.ts']);
    expect(found.map(({ start, end }) => code.slice(start, end))).toEqual([
      "import('./Dialog.tsx')",
      'import(`../lib/worker.ts`)',
    ]);
  });

  it('turns each one into loadChunk(() => …, its chunk), imported from the chunk module', () => {
    const code = "const a = () => import('./a.ts');\nconst b = () => import('./b.ts').then((m) => m.b);";
    const imports = relativeDynamicImports(code, 'ts').map((found) => ({
      ...found,
      chunk: `src/${found.specifier.slice(2)}`,
    }));
    expect(wrapInLoadChunk(code, imports, '/app/src/lib/load-chunk.ts')).toBe(
      'import { loadChunk as __loadChunk } from "/app/src/lib/load-chunk.ts";\n' +
        'const a = () => __loadChunk(() => import(\'./a.ts\'), "src/a.ts");\n' +
        'const b = () => __loadChunk(() => import(\'./b.ts\'), "src/b.ts").then((m) => m.b);',
    );
  });

  it('indexes a locale’s parts: each split-out chunk’s, loaded on demand', () => {
    expect(partsIndex('/app/src/locales/ga/messages.po', ['src/Chat.tsx', 'src/Stats.tsx'])).toBe(
      'export const parts = {\n' +
        '  "src/Chat.tsx": () => import("/app/src/locales/ga/messages.po?catalog=chunk&of=src/Chat.tsx").then((part) => part.messages),\n' +
        '  "src/Stats.tsx": () => import("/app/src/locales/ga/messages.po?catalog=chunk&of=src/Stats.tsx").then((part) => part.messages),\n' +
        '};\n',
    );
  });

  it('walks static imports only: a lazy chunk is not in the first paint', () => {
    const imports: Record<string, string[]> = {
      entry: ['app'],
      app: ['home', 'player'],
      home: ['player'],
      player: [],
      // Reached by import() only: the graph never lists it.
      chat: ['player'],
    };
    expect([...staticGraph(['entry'], (id) => imports[id])].sort()).toEqual([
      'app',
      'entry',
      'home',
      'player',
    ]);
  });

  it('cuts a catalog in the first paint’s messages and the rest', () => {
    const parts = splitMessages({ a: 'Play', b: 'Pause', c: ['Chat'] }, new Set(['a', 'b']));
    expect(parts).toEqual({ 'first-paint': { a: 'Play', b: 'Pause' }, rest: { c: ['Chat'] } });
  });

  it('picks a chunk’s messages, and fails the build naming a chunk’s message the catalog lacks', () => {
    expect(pickMessages({ a: 'Play', b: 'Pause', c: ['Chat'] }, ['c'], 'src/Chat.tsx')).toEqual({
      c: ['Chat'],
    });
    expect(() => pickMessages({ a: 'Play' }, ['Zx9q1b'], 'src/Chat.tsx')).toThrow(
      'src/Chat.tsx uses message Zx9q1b, which the catalog lacks',
    );
  });

  it('fails the build, naming it, on a first-paint message the catalog lacks', () => {
    expect(() => splitMessages({ a: 'Play' }, new Set(['a', 'Zx9q1b']))).toThrow(
      'The first paint uses message Zx9q1b, which the catalog lacks',
    );
  });
});
