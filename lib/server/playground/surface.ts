/**
 * What the playground's server offers, listed inside its sandbox (issue 37): tools, resources,
 * resource templates and prompts read raw from the wire (session.request, every page up to a cap),
 * each kept as sent. A tool also gets the claims its effective hints make (lib/core's normalisation,
 * annotations.ts, and the exercise's claim rule, select.ts) and the exercise's generated arguments
 * as the form's starting point, and its rank in the risk order with its worst flag. A list that fails is named with its error; the others stand.
 */
import { analyzeAnnotations } from '../../core/annotations';
import { severityDigit } from '../../core/report/risk';
import { analysedTools } from '../../core/session/listing-changes';
import { isRecord } from '../../core/is-record';
import { checkableClaims } from '../../core/exercise/select';
import type { PlaygroundSurface } from '../../core/playground/schema';
import { cleanText } from '../exercise/calls';
import { generatedArguments } from '../exercise/arguments';
import type { ExerciseSession } from '../exercise/session';
import { taskSupportOf } from '../../core/tasks/task-flow';

/** Pages read per list at most (a cursor that never ends stops here). */
export const MAX_LIST_PAGES = 20;

const LISTS = [
  { list: 'tools', method: 'tools/list', key: 'tools' },
  { list: 'resources', method: 'resources/list', key: 'resources' },
  { list: 'resourceTemplates', method: 'resources/templates/list', key: 'resourceTemplates' },
  { list: 'prompts', method: 'prompts/list', key: 'prompts' },
] as const;

/** The capability a list needs in the server's answer to initialize. */
const NEEDS: Record<(typeof LISTS)[number]['list'], string> = {
  tools: 'tools',
  resources: 'resources',
  resourceTemplates: 'resources',
  prompts: 'prompts',
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const opt = <K extends string>(key: K, value: unknown): Partial<Record<K, string>> => {
  const shown = text(value);
  return shown === undefined ? {} : ({ [key]: shown } as Record<K, string>);
};

async function listAll(
  session: ExerciseSession,
  method: string,
  key: string,
  timeoutMs: number,
): Promise<{ items: Record<string, unknown>[] } | { error: string }> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const answer = await session.request(method, cursor === undefined ? {} : { cursor }, timeoutMs);
    if (answer.kind !== 'result')
      return { error: answer.kind === 'error' ? cleanText(answer.message) : `no answer (${answer.kind})` };
    const result = isRecord(answer.result) ? answer.result : {};
    const list = result[key];
    if (Array.isArray(list)) items.push(...list.filter(isRecord));
    cursor = text(result.nextCursor);
    if (cursor === undefined || cursor === '') return { items };
  }
  return { items };
}

/** A tool as the playground shows it: as sent, with the claims its hints make and a form's starting arguments. */
export function toolOf(tool: Record<string, unknown>): PlaygroundSurface['tools'][number] {
  const name = text(tool.name) ?? '';
  const { effective, title } = analyzeAnnotations(tool.annotations);
  const description = text(tool.description);
  const taskSupport = taskSupportOf(tool);
  return {
    name,
    ...opt('title', tool.title ?? title ?? undefined),
    ...(description === undefined ? {} : { description }),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    claims: checkableClaims(effective),
    generatedArguments: generatedArguments(
      { name, description: description ?? null, inputSchema: tool.inputSchema },
      effective.readOnlyHint.value,
    ),
    ...(taskSupport === undefined ? {} : { taskSupport }),
  };
}

/**
 * The tools as the playground shows them (toolOf), each with its rank in this listing's risk order and
 * its worst flag, from the audit's own analysis of the same listing (no rule re-derived here).
 */
export function toolsOf(items: readonly Record<string, unknown>[]): PlaygroundSurface['tools'] {
  const named = items.filter((item) => text(item.name) !== undefined);
  const analysed = analysedTools([{ tools: [...named], bytes: 0 }]);
  return named.map((item, index) => {
    const report = analysed.find((tool) => tool.index === index);
    const worst = [...(report?.flags ?? [])].sort((a, b) => severityDigit(b.severity) - severityDigit(a.severity))[0];
    return {
      ...toolOf(item),
      ...(report === undefined ? {} : { rank: report.risk.rank }),
      ...(worst === undefined ? {} : { topFlag: { id: worst.id, severity: worst.severity, message: worst.message } }),
    };
  });
}

function promptOf(prompt: Record<string, unknown>): PlaygroundSurface['prompts'][number] {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter(isRecord) : [];
  return {
    name: text(prompt.name) ?? '',
    ...opt('description', prompt.description),
    arguments: args.map((arg) => ({
      name: text(arg.name) ?? '',
      ...opt('description', arg.description),
      ...(typeof arg.required === 'boolean' ? { required: arg.required } : {}),
    })),
  };
}

/** Every list the server's capabilities announce (none announced: the list is not asked for); `onTools` gets the tools as sent. */
export async function listSurface(
  session: ExerciseSession,
  serverCapabilities: unknown,
  timeoutMs: number,
  onTools?: (tools: readonly Record<string, unknown>[]) => void,
): Promise<PlaygroundSurface> {
  const surface: PlaygroundSurface = { tools: [], resources: [], resourceTemplates: [], prompts: [], errors: [] };
  const announced = isRecord(serverCapabilities) ? serverCapabilities : {};
  for (const { list, method, key } of LISTS) {
    if (announced[NEEDS[list]] === undefined) continue;
    const read = await listAll(session, method, key, timeoutMs);
    if ('error' in read) {
      surface.errors.push({ list, message: read.error });
      continue;
    }
    if (list === 'tools') {
      surface.tools = toolsOf(read.items);
      onTools?.(read.items);
    }
    if (list === 'prompts') surface.prompts = read.items.filter((item) => text(item.name) !== undefined).map(promptOf);
    if (list === 'resources')
      surface.resources = read.items
        .filter((item) => text(item.uri) !== undefined)
        .map((item) => ({
          uri: text(item.uri) ?? '',
          name: text(item.name) ?? text(item.uri) ?? '',
          ...opt('mimeType', item.mimeType),
          ...opt('description', item.description),
        }));
    if (list === 'resourceTemplates')
      surface.resourceTemplates = read.items
        .filter((item) => text(item.uriTemplate) !== undefined)
        .map((item) => ({
          uriTemplate: text(item.uriTemplate) ?? '',
          name: text(item.name) ?? text(item.uriTemplate) ?? '',
          ...opt('mimeType', item.mimeType),
          ...opt('description', item.description),
        }));
  }
  return surface;
}
