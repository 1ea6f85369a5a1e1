/**
 * The dashboard's side of the sign-in routes (lib/server/http/sign-in-api.ts): start a flow, poll its
 * status, sign out. The page only ever holds the opaque handle; tokens stay in the server's memory.
 */
import { z } from 'zod';
import { problemFromResponse } from '@/components/session/problem-from-response';
import { ProblemError } from '@/lib/core/problems';
import { apiFetch } from '@/components/session/api-fetch';

const startAnswer = z.object({ handle: z.string(), authorizationUrl: z.url({ protocol: /^https?$/ }) });
const statusAnswer = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending') }),
  z.object({ state: z.literal('signed-in'), issuer: z.string(), scopesGranted: z.array(z.string()) }),
  z.object({ state: z.literal('failed'), message: z.string() }),
]);
export type SignInState = z.infer<typeof statusAnswer>;

async function call(path: string, init: RequestInit): Promise<unknown> {
  const response = await apiFetch(path, {
    ...init,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  });
  if (!response.ok) throw ProblemError.from(await problemFromResponse(response));
  return response.json();
}

/** A client registered in advance with the authorization server, as typed (the secret only for confidential clients). */
export interface TypedClient {
  clientId: string;
  clientSecret: string;
}

export async function startSignIn(
  url: string,
  scopes: string[],
  client: TypedClient,
  signal: AbortSignal,
  stepUpScopes: string[] | null = null,
): Promise<z.infer<typeof startAnswer>> {
  const id = client.clientId.trim();
  const body = JSON.stringify({
    url,
    ...(scopes.length > 0 ? { scopes } : {}),
    ...(stepUpScopes === null ? {} : { stepUpScopes }),
    ...(id === ''
      ? {}
      : { clientId: id, ...(client.clientSecret === '' ? {} : { clientSecret: client.clientSecret }) }),
  });
  return startAnswer.parse(await call('/api/sign-in', { method: 'POST', body, signal }));
}

export async function signInStatus(handle: string, signal: AbortSignal): Promise<SignInState> {
  return statusAnswer.parse(
    await call(`/api/sign-in/status?handle=${encodeURIComponent(handle)}`, { method: 'GET', signal }),
  );
}

export async function signOut(handle: string): Promise<void> {
  await call('/api/sign-in/sign-out', { method: 'POST', body: JSON.stringify({ handle }) });
}
