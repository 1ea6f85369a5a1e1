/**
 * The OAuth check in a terminal: the article's three lessons first (who issues tokens, how many
 * scopes, what the transport accepts), then the findings with what they mean, the documents
 * found and every URL tried. Server-supplied text is made terminal-safe.
 */
import { describeDiscovery } from '../../core/oauth/legacy-discovery';
import type { OAuthReport } from '../../core/oauth/schemas';
import type { SignInFacts } from '../../core/oauth/sign-in';
import { terminalSafe, type TextStyle } from './terminal';

function json(value: unknown, maxLines = 30): string[] {
  const lines = JSON.stringify(value, null, 2).split('\n');
  const shown = lines.slice(0, maxLines).map((line) => `    ${terminalSafe(line, 300)}`);
  if (lines.length > maxLines) shown.push(`    … ${lines.length - maxLines} more lines (--json shows all)`);
  return shown;
}

export function renderOAuthSection(oauth: OAuthReport, style: TextStyle): string[] {
  const out: string[] = [];
  out.push(style.bold(`Who guards ${oauth.url}`));
  if (!oauth.reachable)
    out.push(style.severity('high', '  The server could not be reached: see the URLs tried below.'));
  out.push(`  issuer:    ${terminalSafe(oauth.lessons.issuer, 400)}`);
  out.push(`  scopes:    ${terminalSafe(oauth.lessons.scopes, 400)}`);
  out.push(`  transport: ${terminalSafe(oauth.lessons.transport, 400)}`);
  if (oauth.discovery !== 'none') out.push(`  discovery: ${describeDiscovery(oauth.discovery)}`);
  if (oauth.findings.length > 0) {
    out.push('', 'findings:');
    for (const finding of oauth.findings) {
      out.push(
        `  ${style.severity(finding.severity, finding.severity.padEnd(6))} ${finding.id}: ${terminalSafe(finding.message, 500)}`,
      );
      out.push(style.dim(`         ${finding.explanation}`));
    }
  }
  if (oauth.protectedResource.document !== null) {
    out.push(
      '',
      `protected-resource metadata${oauth.protectedResource.used ? '' : ' (NOT used)'} from ${terminalSafe(oauth.protectedResource.url ?? '?', 300)}:`,
    );
    out.push(...json(oauth.protectedResource.document));
  }
  for (const server of oauth.authorizationServers) {
    if (server.document === null) continue;
    out.push(
      '',
      server.assumed
        ? `assumed endpoints of ${terminalSafe(server.issuer, 300)} (2025-03-26 defaults, not published):`
        : `authorization-server metadata from ${terminalSafe(server.metadataUrl ?? server.issuer, 300)}:`,
    );
    out.push(...json(server.document, 20));
  }
  out.push('', 'URLs tried:');
  for (const probe of oauth.probes) {
    const outcome =
      probe.status === null ? `${probe.error?.kind ?? 'error'}: ${probe.error?.message ?? ''}` : String(probe.status);
    out.push(
      style.dim(
        `  ${probe.method.padEnd(4)} ${terminalSafe(probe.url, 300)} → ${terminalSafe(outcome, 300)} (${Math.round(probe.durationMs)} ms)`,
      ),
    );
    for (const hop of probe.redirects) out.push(style.dim(`       ↳ ${terminalSafe(hop, 300)}`));
  }
  return out;
}

/** The line a sign-in adds under the OAuth check (`oauth --login`). */
export function signedInLine(facts: Pick<SignInFacts, 'issuer' | 'scopesGranted'>): string {
  return `signed in: ${terminalSafe(facts.issuer, 400)} · scopes granted: ${terminalSafe(facts.scopesGranted.join(' '), 1000) || '(none)'}\n`;
}
