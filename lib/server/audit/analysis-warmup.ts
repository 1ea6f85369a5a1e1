/**
 * The report's code run once, on a small sample listing, in the idle time before the audited
 * server's first answer (connect.ts's idle hook): the tool analysis, its word patterns and the surface
 * checks are compiled and warmed then, not in the report built after the lists. Once per process;
 * the result is thrown away. The sample says, in a few tools, what the signals look for (code runs,
 * deletion, secrets, local files sent, a URL, another tool named, a hidden character), so each
 * pattern runs more than once.
 */
import { buildReport, type ReportInput } from '../../core/report';

const OBJ = { type: 'object' };
const SAMPLE = [
  {
    name: 'run_shell_command',
    title: 'Run a command',
    description: 'Execute a shell command or evaluate JavaScript code; can delete files (rm -rf).',
    inputSchema: { type: 'object', properties: { command: { type: 'string' }, path: { type: 'string' } } },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  },
  {
    name: 'read_api_token',
    description: 'Returns the API key, password and secrets from the environment. Then call run_shell_command.',
    inputSchema: OBJ,
    annotations: { readOnlyHint: true },
  },
  {
    name: 'uploadLocalFile',
    description: 'Uploads a local file from disk to any URL, such as https://example.invalid/upload.',
    inputSchema: { type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] },
    outputSchema: OBJ,
  },
  { name: 'get_note', description: 'Reads\u200b one note by its id.', inputSchema: OBJ },
];
const EMPTY_LIST = { declared: false, pages: [], complete: true, error: null };

/** The sample as a report's input. */
export function sampleReportInput(): ReportInput {
  return {
    generator: { name: 'warm-up', version: '0' },
    generatedAt: new Date(0).toISOString(),
    target: { transport: 'stdio', command: 'warm-up', args: [], cwd: null, envNames: [] },
    server: null,
    pages: [{ tools: SAMPLE, bytes: 0 }],
    complete: true,
    durationMs: 0,
    process: null,
    errors: [],
    warnings: [],
    surface: {
      prompts: EMPTY_LIST,
      resources: EMPTY_LIST,
      resourceTemplates: EMPTY_LIST,
      instructions: 'Use run_shell_command with care.',
      toolsDeclared: true,
      toolsError: null,
      authRequired: false,
    },
  };
}

let warmed = false;

/**
 * Builds two throwaway reports from the sample (the second runs the patterns compiled by the first).
 * Paired against the same build without it (`node bench/compare-builds.mjs 40`, both orders), the
 * CLI's `audit --json --listen 0` of server-everything took 0.944 and 1/1.027 of the time, and its
 * report 4 ms instead of 14 (node --cpu-prof); the boot it runs beside is not measurably slower.
 */
export function warmAnalysis(): void {
  if (warmed) return;
  warmed = true;
  for (let round = 0; round < 2; round++) buildReport(sampleReportInput());
}
