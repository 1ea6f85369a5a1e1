// components/ui is shared by every feature folder, so it imports none of them (only itself, lib/ and
// packages): a feature's change can never break another feature through the shared parts.
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph';
import { ROOT } from './helpers';

describe('components/ui', () => {
  const graph = importGraph(ROOT, ['lib', 'components', 'app']);

  it('imports no feature folder', () => {
    const ui = [...graph.entries()].filter(([file]) => file.startsWith('components/ui/'));
    expect(ui.length).toBeGreaterThan(5);
    const crossings = ui.flatMap(([file, targets]) =>
      targets
        .filter((target) => target.startsWith('components/') && !target.startsWith('components/ui/'))
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });
});

describe('the dashboard’s downloads', () => {
  // What the page bundle loads: type-only imports are erased.
  const graph = importGraph(ROOT, ['lib', 'components', 'app'], { values: true });

  it('take their file names and media types from the format files, never the CLI registry or a Node-only renderer', () => {
    const pageFiles = [...graph.keys()].filter(
      (file) => /^(components|app)\//.test(file) && !file.startsWith('app/api/') && !/\.test\.tsx?$/.test(file),
    );
    const reached = new Set<string>();
    const walk = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of graph.get(file) ?? []) walk(next);
    };
    pageFiles.forEach(walk);
    for (const format of ['csv', 'json', 'sarif']) expect(reached).toContain(`lib/cli/formats/${format}.ts`);
    const nodeOnly = [...reached].filter((file) =>
      /^lib\/(server\/|cli\/(?!formats\/(csv|json|sarif|definition)\.ts$))/.test(file),
    );
    expect(nodeOnly).toEqual([]);
  });
});
