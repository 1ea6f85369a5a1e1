/**
 * A playground request as the exercise's call loop plans a call (call-loop.ts): a tool's call, a
 * resource read (the URI stands for the tool) or a prompt's get, all made once, as given by the user.
 */
import type { PlaygroundCallRequest } from '../../core/playground/schema';
import type { PlannedCall } from '../exercise/call-loop';

export function plannedCallOf(request: PlaygroundCallRequest): PlannedCall {
  const base = { round: 1, from: 'given' as const, method: request.method };
  if (request.method === 'resources/read')
    return { ...base, tool: request.uri, args: { uri: request.uri }, params: { uri: request.uri } };
  if (request.method === 'prompts/get')
    return {
      ...base,
      tool: request.name,
      args: request.arguments,
      params: { name: request.name, arguments: request.arguments },
    };
  return { ...base, tool: request.name, args: request.arguments };
}
