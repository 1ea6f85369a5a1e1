/**
 * Calling one tool in the running sandbox and recording what came back: the outcome (a result, a
 * tool error, a JSON-RPC rejection, a timeout, the server gone), a capped and cleaned message, the
 * result's size, and the snapshots around the call. Effects are attached after the run, when the
 * whole trace is read (attribute.ts).
 */
import type { CallOutcome } from '../../core/exercise/schema';
import type { RpcAnswer } from './session';

const MESSAGE_CHARS = 300;
const ARGUMENT_CHARS = 2000;

/** Control characters out, length capped: the message may be shown on a terminal or a page. */
export function cleanText(text: string, max = MESSAGE_CHARS): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

export function argumentsText(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  return text.length > ARGUMENT_CHARS ? `${text.slice(0, ARGUMENT_CHARS)}…` : text;
}

function toolErrorText(result: unknown): string {
  const content = (result as { content?: unknown }).content;
  if (!Array.isArray(content)) return 'the tool reported an error';
  const text = content
    .map((part: unknown) => {
      const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
      return type === 'text' && typeof text === 'string' ? text : '';
    })
    .join(' ');
  return text === '' ? 'the tool reported an error' : text;
}

/** The outcome of a tools/call answer, with its message and result size. */
export function callOutcome(answer: RpcAnswer): { outcome: CallOutcome; message: string | null; resultBytes: number } {
  switch (answer.kind) {
    case 'result': {
      const isError = (answer.result as { isError?: unknown } | null)?.isError === true;
      return isError
        ? { outcome: 'tool-error', message: cleanText(toolErrorText(answer.result)), resultBytes: answer.bytes }
        : { outcome: 'ok', message: null, resultBytes: answer.bytes };
    }
    case 'error':
      return { outcome: 'rejected', message: cleanText(answer.message), resultBytes: 0 };
    case 'timeout':
      return { outcome: 'timeout', message: answer.message ?? 'no answer within the time limit', resultBytes: 0 };
    case 'closed':
      return { outcome: 'server-exited', message: 'the server exited', resultBytes: 0 };
  }
}
