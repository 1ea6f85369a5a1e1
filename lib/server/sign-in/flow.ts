/**
 * Signing in to a protected MCP server as an MCP client does (MCP authorization spec 2025-11-25 and
 * 2026-07-28): authorization code with PKCE S256, the `resource` parameter (RFC 8707), state, and
 * iss checked on the way back (RFC 9207). The official SDK's OAuth client functions build the
 * authorization URL (PKCE), register the client (RFC 7591) and exchange or refresh the code; every
 * one of their requests goes through the SSRF guard. The discovery and its verdicts are ours
 * (lib/server/mcp/oauth-discovery.ts, lib/core/oauth/): the SDK only gets metadata the check accepted.
 *
 * Tokens, codes, verifiers and client secrets live in the returned objects only: never logged,
 * never in a message (errors are rewritten through a Redactor that knows them).
 */
import { randomBytes } from 'node:crypto';
import {
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthMetadataSchema, type OAuthClientInformationMixed } from '@modelcontextprotocol/sdk/shared/auth.js';
import { isLoopbackHost } from '../../core/oauth/hosts';
import type { OAuthReport } from '../../core/oauth/schemas';
import {
  checkCallback,
  chooseClientIdentity,
  chooseScopes,
  chooseSignInServer,
  grantedScopes,
  type CallbackParams,
  type SignInGrant,
  type ClientIdentity,
  type SignInServer,
} from '../../core/oauth/sign-in';
import { PRODUCT_NAME } from '../../core/product';
import { AuditError } from '../errors';
import type { GuardedFetchOptions } from '../mcp/guarded-fetch';
import { Redactor } from '../redact';
import { guardedFetchLike } from './guarded-fetch-like';

export interface SignInOptions {
  /** A client id registered with the authorization server (typed by the user). */
  clientId?: string | null;
  /** Its secret, for a confidential client: from an environment variable, never the command line. */
  clientSecret?: string | null;
  /** The https URL of this client's Client ID Metadata Document, when one is hosted. */
  clientMetadataUrl?: string | null;
  /** Fewer scopes than the default (the challenge's, else everything offered). */
  scopes?: readonly string[] | null;
  /**
   * Step-up: the union of the granted scopes and those a 403 insufficient_scope challenge named
   * (lib/core/oauth/step-up.ts). Asked for as they are: the server itself named them.
   */
  stepUpScopes?: readonly string[] | null;
  /** Injected in tests (resolver, request functions) and the time limit per request. */
  fetch?: Pick<GuardedFetchOptions, 'timeoutMs' | 'resolve' | 'request' | 'signal'>;
}

/** Everything needed to complete one flow; held in memory under its state (pending-flows.ts). */
export interface PendingSignIn {
  state: string;
  /** The MCP endpoint the token is for (the RFC 8707 resource). */
  resource: string;
  issuer: string;
  issParameterSupported: boolean;
  metadata: SignInMetadata;
  clientInformation: OAuthClientInformationMixed;
  clientIdentity: ClientIdentity;
  codeVerifier: string;
  redirectUri: string;
  scopes: string[];
  fetch: GuardedFetchOptions;
}

/** A signed-in target: the tokens stay with the caller's memory, facts go into the Report. */
export interface SignedIn {
  resource: string;
  issuer: string;
  accessToken: string;
  refreshToken: string | null;
  /** ms since the epoch, or null when the server did not say. */
  expiresAt: number | null;
  clientIdentity: ClientIdentity;
  /** authorization_code (a person consented) or client_credentials (client-credentials.ts). */
  grant: SignInGrant;
  scopesRequested: string[];
  scopesGranted: string[];
  /** Kept to refresh within the session. */
  refresh: Pick<PendingSignIn, 'metadata' | 'clientInformation' | 'fetch' | 'issuer' | 'resource'>;
}

function failure(message: string, hint?: string): AuditError {
  return new AuditError('sign-in-failed', message, hint === undefined ? {} : { hint });
}

/** A message from the SDK or the guard, with every secret of the flow replaced. */
function describe(error: unknown, secrets: readonly (string | null | undefined)[]): string {
  const redactor = new Redactor(secrets.filter((s): s is string => typeof s === 'string' && s !== ''));
  const message = error instanceof Error ? error.message : String(error);
  return redactor.text(message).slice(0, 500);
}

type SignInMetadata = ReturnType<typeof OAuthMetadataSchema.parse>;

/** The choices a flow starts from (server, identity, scopes, usable metadata), or the failure that says which is missing. */
function signInChoices(
  oauth: OAuthReport,
  options: SignInOptions,
): { server: SignInServer; identity: ClientIdentity; scopes: string[]; metadata: SignInMetadata } {
  const server = chooseSignInServer(oauth);
  if (!server.ok) throw failure(server.reason, 'Run the OAuth check (mcp-hintcheck oauth URL) to see why.');
  const identity = chooseClientIdentity(server.value.registration, {
    clientId: options.clientId ?? null,
    clientMetadataUrl: options.clientMetadataUrl ?? null,
  });
  if (!identity.ok) throw failure(identity.reason);
  const scopes =
    options.stepUpScopes != null
      ? { ok: true as const, value: [...options.stepUpScopes] }
      : chooseScopes(oauth, options.scopes ?? null);
  if (!scopes.ok) throw failure(scopes.reason);
  const parsedMetadata = OAuthMetadataSchema.safeParse(server.value.metadata);
  if (!parsedMetadata.success)
    throw failure(
      `The metadata of ${server.value.issuer} is not usable for a sign-in: ${parsedMetadata.error.message.slice(0, 300)}`,
    );
  return { server: server.value, identity: identity.value, scopes: scopes.value, metadata: parsedMetadata.data };
}

/** The client the flow signs in as: the typed id, the metadata document's URL, or one registered now (RFC 7591). */
async function clientInformationFor(
  identity: ClientIdentity,
  context: {
    issuer: string;
    metadata: SignInMetadata;
    redirectUri: string;
    scope: string;
    fetchFn: ReturnType<typeof guardedFetchLike>;
  },
  options: SignInOptions,
): Promise<OAuthClientInformationMixed> {
  switch (identity) {
    case 'typed':
      return {
        client_id: options.clientId ?? '',
        ...(options.clientSecret ? { client_secret: options.clientSecret } : {}),
      };
    case 'client-id-metadata':
      return { client_id: options.clientMetadataUrl ?? '' };
    case 'dynamic':
      try {
        return await registerClient(context.issuer, {
          metadata: context.metadata,
          clientMetadata: {
            client_name: PRODUCT_NAME,
            redirect_uris: [context.redirectUri],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'none',
            ...(context.scope === '' ? {} : { scope: context.scope }),
          },
          fetchFn: context.fetchFn,
        });
      } catch (error) {
        throw failure(`Dynamic client registration at ${context.issuer} failed: ${describe(error, [])}`);
      }
  }
}

/**
 * Prepares a flow: the authorization server the check accepted, an identity (CIMD, dynamic
 * registration, or the typed client id), the scopes, PKCE and state. Returns the URL to open.
 */
export async function beginSignIn(
  oauth: OAuthReport,
  target: string,
  redirectUri: string,
  options: SignInOptions = {},
): Promise<{ authorizationUrl: string; flow: PendingSignIn }> {
  const { server, identity, scopes, metadata } = signInChoices(oauth, options);
  const targetUrl = new URL(target);
  const fetchOptions: GuardedFetchOptions = { ...options.fetch, allowLoopback: isLoopbackHost(targetUrl.hostname) };
  const scope = scopes.join(' ');
  const clientInformation = await clientInformationFor(
    identity,
    { issuer: server.issuer, metadata, redirectUri, scope, fetchFn: guardedFetchLike(fetchOptions) },
    options,
  );

  const state = randomBytes(32).toString('base64url');
  // RFC 8707: the resource the metadata names (identical to the endpoint, or it was not used).
  const declared = (oauth.protectedResource.document as { resource?: unknown } | null)?.resource;
  const resource = typeof declared === 'string' ? declared : target;
  let started: Awaited<ReturnType<typeof startAuthorization>>;
  try {
    started = await startAuthorization(server.issuer, {
      metadata,
      clientInformation,
      redirectUrl: redirectUri,
      state,
      resource: new URL(resource),
      ...(scope === '' ? {} : { scope }),
    });
  } catch (error) {
    throw failure(`${server.issuer} cannot be used for a sign-in: ${describe(error, [])}`);
  }
  return {
    authorizationUrl: started.authorizationUrl.toString(),
    flow: {
      state,
      resource,
      issuer: server.issuer,
      issParameterSupported: server.metadata.authorization_response_iss_parameter_supported === true,
      metadata,
      clientInformation,
      clientIdentity: identity,
      codeVerifier: started.codeVerifier,
      redirectUri,
      scopes,
      fetch: fetchOptions,
    },
  };
}

/** Completes a flow whose state matched: iss checked (RFC 9207), then the code exchanged with its verifier. */
export async function finishSignIn(flow: PendingSignIn, params: CallbackParams): Promise<SignedIn> {
  const checked = checkCallback(params, { issuer: flow.issuer, issParameterSupported: flow.issParameterSupported });
  if (!checked.ok) throw failure(checked.reason);
  let tokens;
  try {
    tokens = await exchangeAuthorization(flow.issuer, {
      metadata: flow.metadata,
      clientInformation: flow.clientInformation,
      authorizationCode: checked.value,
      codeVerifier: flow.codeVerifier,
      redirectUri: flow.redirectUri,
      resource: new URL(flow.resource),
      fetchFn: guardedFetchLike(flow.fetch),
    });
  } catch (error) {
    throw failure(
      `The token request to ${flow.issuer} failed: ${describe(error, [checked.value, flow.codeVerifier, flow.clientInformation.client_secret])}`,
    );
  }
  if (tokens.token_type.toLowerCase() !== 'bearer')
    throw failure(`The authorization server issued a ${tokens.token_type.slice(0, 40)} token, not a Bearer token.`);
  return signedIn(flow, tokens, flow.scopes);
}

function signedIn(
  flow: SignedIn['refresh'] & { clientIdentity: ClientIdentity },
  tokens: {
    access_token: string;
    refresh_token?: string | undefined;
    expires_in?: number | undefined;
    scope?: string | undefined;
  },
  requested: string[],
  previousRefresh: string | null = null,
): SignedIn {
  return {
    resource: flow.resource,
    issuer: flow.issuer,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? previousRefresh,
    expiresAt: tokens.expires_in === undefined ? null : Date.now() + tokens.expires_in * 1000,
    clientIdentity: flow.clientIdentity,
    grant: 'authorization_code',
    scopesRequested: requested,
    scopesGranted: grantedScopes(tokens.scope, requested),
    refresh: {
      metadata: flow.metadata,
      clientInformation: flow.clientInformation,
      fetch: flow.fetch,
      issuer: flow.issuer,
      resource: flow.resource,
    },
  };
}

/** A new access token from the refresh token, within the session that holds it. */
export async function refreshSignIn(current: SignedIn): Promise<SignedIn> {
  if (current.refreshToken === null) throw failure('There is no refresh token: sign in again.');
  let tokens;
  try {
    tokens = await refreshAuthorization(current.issuer, {
      metadata: current.refresh.metadata,
      clientInformation: current.refresh.clientInformation,
      refreshToken: current.refreshToken,
      resource: new URL(current.resource),
      fetchFn: guardedFetchLike(current.refresh.fetch),
    });
  } catch (error) {
    throw failure(
      `Refreshing the token at ${current.issuer} failed: ${describe(error, [current.refreshToken, current.accessToken])}`,
    );
  }
  return signedIn(
    { ...current.refresh, clientIdentity: current.clientIdentity },
    tokens,
    current.scopesRequested,
    current.refreshToken,
  );
}
