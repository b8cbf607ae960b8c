import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcRoot = fileURLToPath(new URL('..', import.meta.url));
const i18nFile = join(srcRoot, 'http/i18n.ts');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

// `import … from`, `export … from` and bare `import '…'`, type-only ones included: a cycle of
// types is still a cycle to read.
const specifierPattern = /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]/gm;

const importGraph = (): Map<string, string[]> => {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(srcRoot)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(specifierPattern)].map((match) =>
      resolve(dirname(file), (match[1] ?? '').replace(/\.js$/, '.ts')),
    );
    graph.set(file, targets);
  }
  return graph;
};

/** A path of imports from `start` back to itself, or undefined. */
const cycleThrough = (graph: Map<string, string[]>, start: string): string[] | undefined => {
  const seen = new Set<string>();
  const walk = (file: string, path: string[]): string[] | undefined => {
    for (const next of graph.get(file) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
};

describe('http/i18n.ts imports', () => {
  const graph = importGraph();

  it('reads the import graph (the messages files import i18n.ts)', () => {
    const importers = [...graph].filter(([, targets]) => targets.includes(i18nFile)).map(([file]) => file);
    expect(importers.map((file) => relative(srcRoot, file))).toContain('modules/thread/thread.messages.ts');
    expect(graph.get(join(srcRoot, 'messages.ts'))).toContain(
      join(srcRoot, 'modules/thread/thread.messages.ts'),
    );
  });

  it('are part of no import cycle', () => {
    const cycle = cycleThrough(graph, i18nFile);
    expect(cycle?.map((file) => relative(srcRoot, file)).join(' → ')).toBeUndefined();
  });

  it('finds a cycle when there is one', () => {
    const withCycle = new Map(graph);
    const thread = join(srcRoot, 'modules/thread/thread.messages.ts');
    withCycle.set(i18nFile, [...(graph.get(i18nFile) ?? []), thread]);
    expect(cycleThrough(withCycle, i18nFile)).toEqual([i18nFile, thread, i18nFile]);
  });
});
