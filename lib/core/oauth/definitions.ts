/**
 * The catalogue of OAuth findings, one file each in catalogue/, in the shape every catalogue has
 * (lib/core/finding.ts): title, severity, what it means, what it does not tell you and the reference,
 * from the MCP authorization spec (2025-11-25), RFC 9728 (protected-resource metadata), RFC 8414
 * (authorization-server metadata), RFC 7591, RFC 6750 and RFC 9700.
 */
import { catalogue } from '../finding';
import { AS_CLIENT_CREDENTIALS_DEFINITION } from './catalogue/as-client-credentials';
import { AS_CLIENT_ID_METADATA_DEFINITION } from './catalogue/as-client-id-metadata';
import { AS_DYNAMIC_REGISTRATION_DEFINITION } from './catalogue/as-dynamic-registration';
import { AS_IMPLICIT_GRANT_DEFINITION } from './catalogue/as-implicit-grant';
import { AS_ISSUER_MISMATCH_DEFINITION } from './catalogue/as-issuer-mismatch';
import { AS_METADATA_CONTENT_TYPE_DEFINITION } from './catalogue/as-metadata-content-type';
import { AS_METADATA_MISSING_DEFINITION } from './catalogue/as-metadata-missing';
import { AS_NO_REGISTRATION_DEFINITION } from './catalogue/as-no-registration';
import { AS_NOT_HTTPS_DEFINITION } from './catalogue/as-not-https';
import { AS_PASSWORD_GRANT_DEFINITION } from './catalogue/as-password-grant';
import { AS_PKCE_MISSING_DEFINITION } from './catalogue/as-pkce-missing';
import { AS_PKCE_NO_S256_DEFINITION } from './catalogue/as-pkce-no-s256';
import { AS_THIRD_PARTY_DEFINITION } from './catalogue/as-third-party';
import { BODY_TOO_LARGE_DEFINITION } from './catalogue/body-too-large';
import { BOGUS_TOKEN_ACCEPTED_DEFINITION } from './catalogue/bogus-token-accepted';
import { DISCOVERY_2025_03_26_DEFINITION } from './catalogue/discovery-2025-03-26';
import { FETCH_TIMEOUT_DEFINITION } from './catalogue/fetch-timeout';
import { GET_405_DEFINITION } from './catalogue/get-405';
import { INVALID_TOKEN_CHALLENGE_DEFINITION } from './catalogue/invalid-token-challenge';
import { METADATA_URL_CREDENTIALS_DEFINITION } from './catalogue/metadata-url-credentials';
import { METADATA_URL_SHELL_DEFINITION } from './catalogue/metadata-url-shell';
import { NO_AUTH_REQUIRED_DEFINITION } from './catalogue/no-auth-required';
import { NOT_HTTPS_DEFINITION } from './catalogue/not-https';
import { PRM_BEARER_METHODS_DEFINITION } from './catalogue/prm-bearer-methods';
import { PRM_CHALLENGE_FAILED_DEFINITION } from './catalogue/prm-challenge-failed';
import { PRM_INVALID_DEFINITION } from './catalogue/prm-invalid';
import { PRM_MISSING_DEFINITION } from './catalogue/prm-missing';
import { PRM_NO_AUTHORIZATION_SERVERS_DEFINITION } from './catalogue/prm-no-authorization-servers';
import { PRM_RESOURCE_MISMATCH_DEFINITION } from './catalogue/prm-resource-mismatch';
import { SCOPE_ADMIN_DEFINITION } from './catalogue/scope-admin';
import { SCOPE_CHALLENGE_DEFINITION } from './catalogue/scope-challenge';
import { SCOPE_SINGLE_DEFINITION } from './catalogue/scope-single';
import { SSRF_BLOCKED_DEFINITION } from './catalogue/ssrf-blocked';
import { UNKNOWN_TOOL_ACCEPTED_DEFINITION } from './catalogue/unknown-tool-accepted';
import { WEB_PAGE_DEFINITION } from './catalogue/web-page';

/**
 * Every OAuth finding, once, in the catalogue's order; each is raised by the check* function that
 * looks where it applies (report.ts, grants.ts (the grants offered), scopes.ts, legacy-discovery.ts, call-probe.ts).
 */
const OAUTH_FINDINGS = catalogue([
  WEB_PAGE_DEFINITION,
  NO_AUTH_REQUIRED_DEFINITION,
  NOT_HTTPS_DEFINITION,
  GET_405_DEFINITION,
  PRM_MISSING_DEFINITION,
  PRM_INVALID_DEFINITION,
  PRM_RESOURCE_MISMATCH_DEFINITION,
  PRM_NO_AUTHORIZATION_SERVERS_DEFINITION,
  PRM_CHALLENGE_FAILED_DEFINITION,
  PRM_BEARER_METHODS_DEFINITION,
  AS_THIRD_PARTY_DEFINITION,
  AS_METADATA_MISSING_DEFINITION,
  AS_ISSUER_MISMATCH_DEFINITION,
  AS_PKCE_MISSING_DEFINITION,
  AS_PKCE_NO_S256_DEFINITION,
  AS_NOT_HTTPS_DEFINITION,
  METADATA_URL_SHELL_DEFINITION,
  METADATA_URL_CREDENTIALS_DEFINITION,
  AS_DYNAMIC_REGISTRATION_DEFINITION,
  AS_CLIENT_ID_METADATA_DEFINITION,
  AS_NO_REGISTRATION_DEFINITION,
  AS_METADATA_CONTENT_TYPE_DEFINITION,
  AS_IMPLICIT_GRANT_DEFINITION,
  AS_PASSWORD_GRANT_DEFINITION,
  AS_CLIENT_CREDENTIALS_DEFINITION,
  DISCOVERY_2025_03_26_DEFINITION,
  SCOPE_SINGLE_DEFINITION,
  SCOPE_ADMIN_DEFINITION,
  SCOPE_CHALLENGE_DEFINITION,
  BOGUS_TOKEN_ACCEPTED_DEFINITION,
  INVALID_TOKEN_CHALLENGE_DEFINITION,
  UNKNOWN_TOOL_ACCEPTED_DEFINITION,
  SSRF_BLOCKED_DEFINITION,
  FETCH_TIMEOUT_DEFINITION,
  BODY_TOO_LARGE_DEFINITION,
]);

export const FINDING_IDS = OAUTH_FINDINGS.ids;
export type FindingId = (typeof FINDING_IDS)[number];
export const OAUTH_FINDING_DEFINITIONS = OAUTH_FINDINGS.byId;
