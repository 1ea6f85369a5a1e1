// A catalogue is written once, as a list of definitions: its ids and its record follow, and every
// flag family registered that way (tool rules, surface findings, signals, behaviour findings) gives
// each id once, its definition under its own id, in the order the list gives.
import { describe, expect, it } from 'vitest';
import {
  BEHAVIOUR_FINDING_DEFINITIONS,
  BEHAVIOUR_FINDING_IDS,
  BEHAVIOUR_RULES,
  OBSERVED_CONTRADICTIONS,
} from './exercise/definitions';
import { catalogue, raised, ruleCatalogue, type FindingDefinition } from './finding';
import { CONFIG_FINDING_DEFINITIONS, CONFIG_FINDING_IDS } from './config/findings';
import { DECLARED_FINDING_DEFINITIONS, DECLARED_FINDING_IDS } from './declared/definitions';
import { FLAG_DEFINITIONS, FLAG_IDS } from './flags/catalogue';
import { FINDING_IDS as OAUTH_FINDING_IDS, OAUTH_FINDING_DEFINITIONS } from './oauth/definitions';
import { RESULT_FINDING_DEFINITIONS, RESULT_FINDING_IDS } from './results/definitions';
import { SESSION_FINDING_DEFINITIONS, SESSION_FINDING_IDS } from './session/findings';
import { SIGNAL_FINDING_DEFINITIONS, SIGNAL_FINDING_IDS } from './signals/definitions';
import { SURFACE_FINDING_DEFINITIONS, SURFACE_FINDING_IDS } from './surface/definitions';
import { TOOL_FLAG_DEFINITIONS, TOOL_FLAG_IDS, TOOL_RULES } from './tool-flags/rules';

const definition = <Id extends string>(id: Id): FindingDefinition<Id> => ({
  id,
  severity: 'medium',
  title: id,
  meaning: `${id} means`,
  doesNotTell: 'nothing else',
  reference: 'a spec',
});

describe('catalogue', () => {
  it('gives the ids in the list’s order and each definition under its id', () => {
    const b = definition('b-finding');
    const a = definition('a-finding');
    const { ids, byId } = catalogue([b, a]);
    expect(ids).toEqual(['b-finding', 'a-finding']);
    expect(byId['a-finding']).toBe(a);
    expect(byId['b-finding']).toBe(b);
    expect(Object.keys(byId)).toEqual(['b-finding', 'a-finding']);
  });

  it('of a list of rules: each rule’s definition, in the list’s order', () => {
    const b = definition('b-finding');
    const a = definition('a-finding');
    const { ids, byId } = ruleCatalogue([{ definition: b, check: () => null }, { definition: a }]);
    expect(ids).toEqual(['b-finding', 'a-finding']);
    expect(byId['a-finding']).toBe(a);
    expect(Object.keys(byId)).toEqual(['b-finding', 'a-finding']);
  });

  it('raises a finding at its definition’s severity unless the rule gives a lower one', () => {
    expect(raised(definition('x'), 'why')).toEqual({ id: 'x', severity: 'medium', message: 'why' });
    expect(raised(definition('x'), 'why', 'low').severity).toBe('low');
  });
});

describe('each flag family, registered once', () => {
  it.each([
    ['tool rules', TOOL_FLAG_IDS, TOOL_FLAG_DEFINITIONS],
    ['surface findings', SURFACE_FINDING_IDS, SURFACE_FINDING_DEFINITIONS],
    ['signals', SIGNAL_FINDING_IDS, SIGNAL_FINDING_DEFINITIONS],
    ['behaviour findings', BEHAVIOUR_FINDING_IDS, BEHAVIOUR_FINDING_DEFINITIONS],
  ] as const)('%s: each id once, its definition under it, all in the flag catalogue', (_family, ids, byId) => {
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(byId)).toEqual([...ids]);
    for (const id of ids) {
      expect((byId as Record<string, FindingDefinition>)[id]?.id).toBe(id);
      expect(FLAG_DEFINITIONS[id]).toBe((byId as Record<string, FindingDefinition>)[id]);
    }
  });

  it('tool rules: no two rules define the same flag (one rule would silently replace the other)', () => {
    const perRule = TOOL_RULES.flatMap((rule) => Object.keys(rule.definitions));
    expect(perRule).toEqual([...TOOL_FLAG_IDS]);
    expect(new Set(perRule).size).toBe(perRule.length);
  });

  it('behaviour findings: each rule file registered once; the contradictions are those that outrank a claim', () => {
    expect(BEHAVIOUR_RULES.map((rule) => rule.definition.id)).toEqual([...BEHAVIOUR_FINDING_IDS]);
    expect(OBSERVED_CONTRADICTIONS).toEqual([
      'readonly-wrote',
      'closed-world-connected',
      'nondestructive-deleted',
      'idempotent-differed',
      'read-credentials',
      'read-outside-folder',
    ]);
    for (const rule of BEHAVIOUR_RULES) expect(rule.lead.length).toBeGreaterThan(10);
  });

  it('the flag catalogue holds every id once', () => {
    expect(new Set(FLAG_IDS).size).toBe(FLAG_IDS.length);
    expect(Object.keys(FLAG_DEFINITIONS).sort()).toEqual([...FLAG_IDS].sort());
  });
});

describe('each other catalogue, registered once', () => {
  it.each([
    ['OAuth', OAUTH_FINDING_IDS, OAUTH_FINDING_DEFINITIONS],
    ['configuration', CONFIG_FINDING_IDS, CONFIG_FINDING_DEFINITIONS],
    ['session', SESSION_FINDING_IDS, SESSION_FINDING_DEFINITIONS],
    ['declared (server.json, cards, skills, tools/resolve)', DECLARED_FINDING_IDS, DECLARED_FINDING_DEFINITIONS],
    ['results', RESULT_FINDING_IDS, RESULT_FINDING_DEFINITIONS],
  ] as const)('%s: each id once, its definition under it, in the list’s order', (_family, ids, byId) => {
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(byId)).toEqual([...ids]);
    for (const id of ids) expect((byId as Record<string, FindingDefinition>)[id]?.id).toBe(id);
  });
});
