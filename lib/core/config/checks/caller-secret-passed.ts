/** caller-secret-passed: a value references a secret-named variable of the caller, with where it lands. */
import type { Severity } from '../../severity';
import type { ConfigEntry } from '../entry';
import { isSecretName } from '../secrets';
import { refsOf } from '../sources';
import { at, located, type ConfigRule, type RaisedConfigFinding } from './rule';

export const callerSecretPassed: ConfigRule<'caller-secret-passed'> = {
  definition: {
    id: 'caller-secret-passed',
    severity: 'high',
    title: 'Passes a secret of your environment',
    meaning:
      'A value references a variable of the environment the client runs in whose name says it is a secret (GH_TOKEN, OPENAI_API_KEY, ...). At launch the client copies it into the server: into its environment under the same or another name, or into an argument, a header or the URL. Under another name, a listing of variable names does not show what is passed; in an argument, other local users can read it in the process list. From a project-level file the repository decided it (high when renamed, medium under its own name); in your own files low when renamed, info otherwise.',
    doesNotTell:
      'Whether the variable is set here, or what the server does with it: its value is never read for this finding and never shown.',
    reference:
      'MCP specification, Security best practices (token passthrough); each client’s variable expansion rules (docs/config-import.md)',
  },
  looks: 'sources',
  check: ({ entry }) => passedSecrets(entry),
};

function passedSecrets(entry: ConfigEntry): RaisedConfigFinding<'caller-secret-passed'>[] {
  const out: RaisedConfigFinding<'caller-secret-passed'>[] = [];
  const project = entry.scope === 'project';
  // Where each value lands, and the variable it becomes (null: not an environment variable).
  const places: { place: string; value: string; envName: string | null }[] = [
    ...Object.entries(entry.env).map(([name, value]) => ({ place: `env ${name}`, value, envName: name })),
    ...Object.entries(entry.headers).map(([name, value]) => ({ place: `header ${name}`, value, envName: null })),
    ...entry.args.map((value, index) => ({ place: `argument ${index + 1}`, value, envName: null })),
    ...(entry.url === null ? [] : [{ place: 'the URL', value: entry.url, envName: null }]),
  ];
  for (const { place, value, envName } of places) {
    for (const ref of refsOf(entry, value)) {
      if (ref.kind !== 'env' || !isSecretName(ref.name)) continue;
      const renamed = envName !== ref.name;
      const severity: Severity = project ? (renamed ? 'high' : 'medium') : renamed ? 'low' : 'info';
      const how = renamed ? (envName === null ? '' : ', under another name') : '';
      const whose = project ? ' (set by the project’s file)' : '';
      out.push(
        located(
          callerSecretPassed.definition,
          `${place} takes ${ref.written}, a secret-named variable of the caller${how}${whose}.`,
          at(entry),
          severity,
        ),
      );
    }
  }
  return out;
}
