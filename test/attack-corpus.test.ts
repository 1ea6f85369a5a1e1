// The project's own figures on the labelled attack corpus (issue 46): the built CLI audits every
// ported server (test/corpus/attack-run.ts, the measure in attack-measure.ts) and the bars
// hold: at least 95% of the listing-visible targets of each listed class detected, every rug pull
// caught in-session, no specific finding on a benign target. bench/attacks.mjs prints the same figures
// beside the npm peers'.
import { beforeAll, describe, expect, it } from 'vitest';
import { LISTING_VISIBLE_CLASSES } from './corpus/attack-fixtures';
import { ATTACKS, BENIGN } from './corpus/attack-labels';
import { verdict } from './corpus/attack-measure';
import { measureCorpus, type CorpusResult } from './corpus/attack-run';
import { CLI, ROOT } from './helpers';

const name = (item: CorpusResult['attacks'][number] | CorpusResult['benign'][number]): string => {
  const { subject } = item.target;
  const what =
    subject.kind === 'pair'
      ? `${subject.tools.join('/')} with ${subject.with}`
      : subject.kind === 'instructions'
        ? 'instructions'
        : subject.name;
  return `${item.target.fixture}: ${what}`;
};

describe('the measure', () => {
  it('counts a specific finding at medium or above, never a spec-default flag', () => {
    expect(verdict([{ id: 'unannotated', severity: 'high', message: '' }]).detected).toBe(false);
    expect(verdict([{ id: 'executes-code', severity: 'low', message: '' }]).detected).toBe(false);
    expect(verdict([{ id: 'executes-code', severity: 'medium', message: '' }]).detected).toBe(true);
    expect(verdict([{ id: 'any-new-id', severity: 'critical', message: '' }])).toMatchObject({
      detected: true,
      critical: true,
    });
  });

  it('labels every class the bar holds, and every target once', () => {
    for (const klass of LISTING_VISIBLE_CLASSES)
      expect(ATTACKS.some((target) => target.class === klass && target.listingVisible)).toBe(true);
    const keys = [...ATTACKS, ...BENIGN].map(
      (target) => `${target.fixture} ${JSON.stringify(target.subject)} ${'class' in target ? target.class : 'benign'}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('detection on the attack corpus', () => {
  let result: CorpusResult;
  beforeAll(async () => {
    result = await measureCorpus(ROOT, CLI, 4);
  }, 120_000);

  it('runs every target', () => {
    expect(
      [...result.attacks, ...result.benign]
        .filter((item) => item.error !== null)
        .map((item) => `${name(item)}: ${item.error}`),
    ).toEqual([]);
  });

  it.each(LISTING_VISIBLE_CLASSES)('%s: at least 95 in 100 listing-visible targets detected', (klass) => {
    const targets = result.attacks.filter((item) => item.target.class === klass && item.target.listingVisible);
    const missed = targets.filter((item) => !item.verdict.detected).map(name);
    expect(targets.length - missed.length, `missed: ${missed.join('; ')}`).toBeGreaterThanOrEqual(
      Math.ceil(0.95 * targets.length),
    );
  });

  it('catches every rug pull in-session', () => {
    const rugs = result.attacks.filter((item) => item.target.class === 'rug-pull');
    expect(rugs.length).toBeGreaterThan(0);
    expect(rugs.filter((item) => !item.verdict.detected).map(name)).toEqual([]);
  });

  it('raises no specific finding on a benign target', () => {
    const alarms = result.benign.filter((item) => item.verdict.specific.length > 0);
    expect(alarms.map((item) => `${name(item)}: ${item.verdict.specific.join(', ')}`)).toEqual([]);
  });
});
