/**
 * What the hints say a tool does, by the spec's effective values (declared or defaulted): a destructive
 * write, an additive one, a write or a read reaching an open world, and the contradiction of a read-only
 * tool that declares itself destructive.
 */
import {
  isAdditiveWrite,
  isDestructive,
  isOpenWorld,
  isReadOnly,
  type AnnotationAnalysis,
  type HintName,
} from '../annotations';
import { SPEC_TOOLS, type ToolRule } from './rule';

function sourcePhrase(analysis: AnnotationAnalysis, hint: HintName): string {
  const { source, value } = analysis.effective[hint];
  if (source === 'declared') return `${hint} is ${String(value)}`;
  if (source === 'malformed') return `${hint} is malformed, so the default ${String(value)} applies`;
  return `${hint} is absent and defaults to ${String(value)}`;
}

export const writeKind: ToolRule<
  'destructive-write' | 'additive-write' | 'open-world-write' | 'open-world-read' | 'read-only-destructive-conflict'
> = {
  definitions: {
    'destructive-write': {
      id: 'destructive-write',
      severity: 'high',
      title: 'Destructive write',
      meaning:
        'The tool may modify its environment and may perform destructive updates: it is not read-only and destructiveHint is not false (true, or absent and defaulted to true).',
      default: 'destructiveHint defaults to true for any tool that is not read-only',
      doesNotTell: 'What it destroys, or whether the server asks for confirmation first.',
      reference: SPEC_TOOLS,
    },
    'additive-write': {
      id: 'additive-write',
      severity: 'medium',
      title: 'Write that declares itself additive',
      meaning:
        'The tool modifies its environment and declares destructiveHint false: it claims to add, never overwrite or delete.',
      default: 'destructiveHint defaults to true: additive is always an explicit claim',
      doesNotTell:
        'Whether the addition is one you want. Additive is not harmless: a "create webhook" tool overwrites nothing and can turn your data into an outbound feed.',
      reference: SPEC_TOOLS,
    },
    'open-world-write': {
      id: 'open-world-write',
      severity: 'high',
      title: 'Write that reaches an open world',
      meaning:
        'The tool modifies its environment and may interact with external entities (openWorldHint true or defaulted to true).',
      default: 'openWorldHint defaults to true',
      doesNotTell: 'Which external service it reaches, or what leaves with the request.',
      reference: SPEC_TOOLS,
    },
    'open-world-read': {
      id: 'open-world-read',
      severity: 'low',
      title: 'Reads from an open world',
      meaning:
        'The tool is read-only but may interact with external entities: what it returns can be text written by strangers (a prompt-injection path into the agent).',
      default: 'openWorldHint defaults to true',
      doesNotTell: 'What it reads, or where the agent puts it next.',
      reference: SPEC_TOOLS,
    },
    'read-only-destructive-conflict': {
      id: 'read-only-destructive-conflict',
      severity: 'medium',
      title: 'Read-only and destructive at once',
      meaning:
        'The tool declares readOnlyHint true and destructiveHint true. destructiveHint is meaningful only when readOnlyHint is false, so it is ignored, but the contradiction says the annotations were not written with care.',
      default: null,
      doesNotTell: 'Which of the two claims is true.',
      reference: SPEC_TOOLS,
    },
  },
  check({ analysis }, raise) {
    const { effective } = analysis;
    if (isDestructive(effective)) {
      raise('destructive-write', `May modify and destroy: ${sourcePhrase(analysis, 'destructiveHint')}.`);
    } else if (isAdditiveWrite(effective)) {
      raise(
        'additive-write',
        'Writes, and declares its changes additive (destructiveHint false). Additive is not harmless.',
      );
    }
    if (isOpenWorld(effective)) {
      if (isReadOnly(effective))
        raise('open-world-read', `Reads from an open world: ${sourcePhrase(analysis, 'openWorldHint')}.`);
      else
        raise(
          'open-world-write',
          `Writes and may reach external entities: ${sourcePhrase(analysis, 'openWorldHint')}.`,
        );
    }
    if (
      effective.readOnlyHint.source === 'declared' &&
      effective.readOnlyHint.value &&
      effective.destructiveHint.sent === true
    ) {
      raise(
        'read-only-destructive-conflict',
        'Declares readOnlyHint true and destructiveHint true; readOnlyHint wins.',
      );
    }
  },
};
