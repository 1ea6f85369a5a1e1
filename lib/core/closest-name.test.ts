import { describe, expect, it } from 'vitest';
import { closestName } from './closest-name';

const COMMANDS = ['audit', 'oauth', 'scan', 'contract', 'verify', 'history', 'doctor', 'dashboard'];

describe('closestName', () => {
  it.each([
    ['adit', COMMANDS, 'audit'],
    ['audti', COMMANDS, 'audit'],
    ['histroy', COMMANDS, 'history'],
    ['dmeo', ['demo', 'url', 'json'], 'demo'],
    ['exercize', ['exercise', 'yes'], 'exercise'],
    ['checkabel', ['checkable', 'all'], 'checkable'],
  ])('%s is near %s', (given, known, expected) => {
    expect(closestName(given, known)).toBe(expected);
  });

  it.each([
    ['bogus', ['checkable', 'all']],
    ['xy', ['url', 'db']],
    ['audit', COMMANDS],
    ['deploy', COMMANDS],
  ])('%s is near nothing', (given, known) => {
    expect(closestName(given, known)).toBeNull();
  });
});
