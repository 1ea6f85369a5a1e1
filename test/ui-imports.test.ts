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
