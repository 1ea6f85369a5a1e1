/**
 * `mcp-hintcheck registry merge RUN-FILE…`: the shards' run files as one report (lib/core/registry/
 * merge.ts), written to -o (or stdout), with --previous for what changed, --sarif for code scanning and
 * --decisions DIR for what enforces the verdicts: claude-code-managed-settings.json and
 * copilot-managed-settings.json (allowedMcpServers/deniedMcpServers), vscode-registry/v0.1/servers (the
 * allowed servers as a registry page), opa-data.json with policy.rego, and cyclonedx.json.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cycloneDx } from '../core/registry/decisions/cyclonedx';
import { managedSettings } from '../core/registry/decisions/managed-settings';
import { OPA_POLICY, opaData } from '../core/registry/decisions/opa';
import { allowedRegistryPage } from '../core/registry/decisions/vscode-registry';
import { mergeRuns, registryReportSchema, type RegistryReport } from '../core/registry/merge';
import type { RunRow } from '../core/registry/row';
import { registryToSarif } from '../core/registry/sarif';
import { readRunFile } from '../server/registry/run-file';
import { AuditError } from '../server/errors';
import { GENERATOR } from '../server/version';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { errorText, terminalSafe } from './print/terminal';
import type { RegistryMergeCommand } from './registry-args';

type RegistryIo = Omit<CliIo, 'demo'>;

function readPrevious(file: string | null): RegistryReport | null {
  if (file === null) return null;
  let parsed;
  try {
    parsed = registryReportSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  } catch {
    throw new AuditError('bad-input', `--previous ${file}: not a readable JSON file.`);
  }
  if (!parsed.success)
    throw new AuditError('bad-input', `--previous ${file}: not a registry report (registry merge -o).`);
  return parsed.data;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The decision files of a report, by path under the --decisions folder. */
export function decisionFiles(report: RegistryReport): Record<string, string> {
  const settings = json(managedSettings(report));
  return {
    'claude-code-managed-settings.json': settings,
    'copilot-managed-settings.json': settings,
    'vscode-registry/v0.1/servers': json(allowedRegistryPage(report)),
    'opa-data.json': json(opaData(report)),
    'policy.rego': OPA_POLICY,
    'cyclonedx.json': json(cycloneDx(report, `urn:uuid:${randomUUID()}`)),
  };
}

function writeOut(file: string, text: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, text);
}

/**
 * A run file's rows for the merge: a file that does not exist, or whose lines are none of them rows, is
 * an error (a shard's missing artifact must not merge to a smaller report unnoticed); lines that are not
 * rows beside real ones are counted on stderr. An empty file is a shard that owned no entries.
 */
function mergedRunFile(file: string, io: RegistryIo): RunRow[] {
  if (!existsSync(file))
    throw new AuditError('bad-input', `${file}: no such run file.`, {
      hint: 'registry merge reads the run files a registry run wrote (--run-file).',
    });
  const { rows, skippedLines } = readRunFile(file);
  if (rows.length === 0 && skippedLines > 0)
    throw new AuditError('bad-input', `${file}: not a run file (none of its ${skippedLines} lines is a row).`, {
      hint: 'registry merge reads the run files a registry run wrote (--run-file).',
    });
  if (skippedLines > 0)
    io.stderr.write(`${terminalSafe(file, 200)}: ${skippedLines} lines that are not rows skipped.\n`);
  return rows;
}

export function runRegistryMerge(command: RegistryMergeCommand, io: RegistryIo): number {
  try {
    const rows = command.runFiles.flatMap((file) => mergedRunFile(file, io));
    const report = mergeRuns(rows, {
      generator: GENERATOR,
      generatedAt: new Date().toISOString(),
      previous: readPrevious(command.previous),
    });
    if (command.output === null) io.stdout.write(json(report));
    else writeOut(command.output, json(report));
    if (command.sarif !== null) writeOut(command.sarif, json(registryToSarif(report)));
    if (command.decisions !== null)
      for (const [name, text] of Object.entries(decisionFiles(report)))
        writeOut(path.join(command.decisions, name), text);
    const { summary } = report;
    io.stderr.write(
      `${summary.servers} servers: ${summary.verdicts.pass} pass, ${summary.verdicts.review} review, ${summary.verdicts.fail} fail, ${summary.verdicts.error} not audited whole` +
        `${command.output === null ? '' : ` · ${terminalSafe(command.output, 200)}`}\n`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof AuditError)) {
      io.stderr.write(
        errorText({ message: `registry merge: ${error instanceof Error ? error.message : String(error)}` }),
      );
      return EXIT.usage;
    }
    io.stderr.write(errorText(error));
    return EXIT.usage;
  }
}
