/**
 * The playground's answers to the server's requests (issue 37): each sampling or elicitation request
 * waits for the user (pending.ts), then goes back as the user said. Elicitation: accept (with the
 * form's values), decline or cancel. Sampling: the text the user typed goes back as the assistant's
 * message, from the "model" mcp-hintcheck-user; a decline is the spec's "user rejected" error (-1).
 * Nothing is ever forwarded to a model. At the session's end, an elicitation still waiting is
 * cancelled and a sampling request refused; one past the waiting room's caps (pending.ts) gets a
 * JSON-RPC error at once.
 */
import { ProtocolError } from '@modelcontextprotocol/client';
import type { HostAnswers } from '../mcp/host-requests';
import type { PendingRequests } from './pending';

/** The model named in a sampling answer the user wrote. */
export const USER_MODEL = 'mcp-hintcheck-user';

export function playgroundAnswers(pending: PendingRequests): HostAnswers {
  return {
    elicitation: async (params, signal) => {
      const outcome = await pending.wait('elicitation/create', params, signal);
      if (outcome.kind === 'refused') throw new ProtocolError(outcome.code, `Refused: ${outcome.reason}.`);
      if (outcome.kind === 'closed') return { action: 'cancel' };
      const { answer } = outcome;
      if (answer.method !== 'elicitation/create') return { action: 'cancel' };
      if (answer.action === 'accept') return { action: 'accept', content: answer.content ?? {} };
      return { action: answer.action };
    },
    sampling: async (params, signal) => {
      const outcome = await pending.wait('sampling/createMessage', params, signal);
      if (outcome.kind === 'refused') throw new ProtocolError(outcome.code, `Refused: ${outcome.reason}.`);
      if (outcome.kind === 'closed') throw new ProtocolError(-1, `Not answered: ${outcome.reason}.`);
      const { answer } = outcome;
      if (answer.method !== 'sampling/createMessage' || answer.action === 'decline')
        throw new ProtocolError(-1, 'User rejected the sampling request (answered by hand in mcp-hintcheck).');
      return {
        role: 'assistant',
        content: { type: 'text', text: answer.text ?? '' },
        model: USER_MODEL,
        stopReason: 'endTurn',
      };
    },
  };
}
