/**
 * "Open a saved report" reads every JSON file the product writes: a single report (Download report
 * as JSON, audit --json), the batch of Your servers ("All reports JSON", scan --format json), an
 * approved contract (Approve as contract, contract write) and an OAuth check (its JSON download).
 * The kind is recognised from the file's own fields first, then the file is validated as that kind,
 * so a refusal names what the file is and what to open instead, in words (no schema paths).
 */
import type { z } from 'zod';
import { readContractFile, CONTRACT_KIND, type ContractFile } from '@/lib/core/contract/schema';
import { oauthReportSchema, type OAuthReport } from '@/lib/core/oauth/schemas';
import { scanExportSchema, SCAN_EXPORT_VERSION, type ScanExport } from '@/lib/core/session/scan-export';
import { isRecord } from '@/lib/core/is-record';
import type { Report } from '@/lib/core/report/report';
import { describeFirstIssue } from './describe-issue';
import { parseSavedReport } from './saved-report';

/** What a JSON file is, judged from its fields before any validation. */
export type SavedFileKind = 'report' | 'batch' | 'contract' | 'oauth' | 'sarif' | 'drift' | 'history' | 'unknown';

export type SavedFile =
  | { kind: 'report'; report: Report }
  | { kind: 'batch'; batch: ScanExport }
  | { kind: 'contract'; contract: ContractFile }
  | { kind: 'oauth'; oauth: OAuthReport };

export type SavedFileResult = { ok: true; file: SavedFile } | { ok: false; message: string };

/** The kind of a parsed JSON file the product may have written, from the fields each kind alone has. */
export function savedFileKind(json: unknown): SavedFileKind {
  if (Array.isArray(json)) {
    return json.length > 0 && json.every((item) => isRecord(item) && 'reportHash' in item && 'serverId' in item)
      ? 'history'
      : 'unknown';
  }
  if (!isRecord(json)) return 'unknown';
  if (json.kind === CONTRACT_KIND || 'contractVersion' in json) return 'contract';
  if (Array.isArray(json.runs) && typeof json.version === 'string') return 'sarif';
  if (Array.isArray(json.reports) && Array.isArray(json.servers)) return 'batch';
  if (typeof json.baseline === 'string' && Array.isArray(json.changes)) return 'drift';
  if (Array.isArray(json.probes) && 'protectedResource' in json && !('tools' in json)) return 'oauth';
  if ('tools' in json && ('target' in json || 'schemaVersion' in json)) return 'report';
  return 'unknown';
}

const OPEN_WHAT =
  'Open a file saved with "Download report as JSON", "All reports JSON" (Your servers), "Approve as contract" or the OAuth check\'s JSON download.';

function damaged(fileName: string, what: string, error: z.ZodError, again: string): SavedFileResult {
  const count = error.issues.length;
  return {
    ok: false,
    message: `${fileName} looks like ${what}, but it was changed or cut short after it was saved: ${describeFirstIssue(error)} is not what such a file holds${count > 1 ? ` (and ${count - 1} more ${count === 2 ? 'field' : 'fields'})` : ''}. ${again}`,
  };
}

function readBatch(json: Record<string, unknown>, fileName: string): SavedFileResult {
  if (json.schemaVersion !== SCAN_EXPORT_VERSION) {
    return {
      ok: false,
      message: `${fileName} is an "All reports" file of version ${JSON.stringify(json.schemaVersion)}; this dashboard reads version ${SCAN_EXPORT_VERSION}. Open it with the mcp-hintcheck that wrote it, or audit the servers again on Your servers.`,
    };
  }
  const parsed = scanExportSchema.safeParse(json);
  if (!parsed.success) {
    return damaged(
      fileName,
      'an "All reports" file from Your servers',
      parsed.error,
      'Audit the servers again on Your servers and export it anew.',
    );
  }
  return { ok: true, file: { kind: 'batch', batch: parsed.data } };
}

function readContract(json: unknown, fileName: string): SavedFileResult {
  const read = readContractFile(json);
  if (read.ok) return { ok: true, file: { kind: 'contract', contract: read.file } };
  const version = isRecord(json) ? json.contractVersion : undefined;
  const newer = typeof version === 'number' && version > 2;
  return {
    ok: false,
    message: newer
      ? `${fileName} is a contract of version ${version}, newer than this mcp-hintcheck reads. Update mcp-hintcheck to open it.`
      : `${fileName} looks like an approved contract, but it was changed after it was saved and is not a contract this version can read. Approve the audit again in History (Approve as contract), or write it again with mcp-hintcheck contract write.`,
  };
}

/** Reads a file's text as one of the kinds the product writes, or says what it is and what to do. */
export function parseSavedFile(text: string, fileName: string): SavedFileResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const csv = /\.csv$/i.test(fileName) || /^[^\n{[]*,[^\n]*\r?\n/.test(text);
    return {
      ok: false,
      message: csv
        ? `${fileName} is a CSV export: it is for a spreadsheet, and holds too little to show the report again. ${OPEN_WHAT}`
        : `${fileName} is not JSON. ${OPEN_WHAT}`,
    };
  }
  switch (savedFileKind(json)) {
    case 'report': {
      const result = parseSavedReport(json, fileName);
      return result.ok ? { ok: true, file: { kind: 'report', report: result.report } } : result;
    }
    case 'batch':
      return readBatch(json as Record<string, unknown>, fileName);
    case 'contract':
      return readContract(json, fileName);
    case 'oauth': {
      const parsed = oauthReportSchema.safeParse(json);
      return parsed.success
        ? { ok: true, file: { kind: 'oauth', oauth: parsed.data } }
        : damaged(fileName, 'an OAuth check', parsed.error, 'Audit the URL again.');
    }
    case 'sarif':
      return {
        ok: false,
        message: `${fileName} is a SARIF file, for code scanning (GitHub code scanning or a SARIF viewer opens it). It holds the findings only, not the report: ${OPEN_WHAT}`,
      };
    case 'drift':
      return {
        ok: false,
        message: `${fileName} is a comparison (mcp-hintcheck verify or history diff --format json), not a report. Compare two saved audits in History instead, or open the report or contract it was made from.`,
      };
    case 'history':
      return {
        ok: false,
        message: `${fileName} is a list of saved audits (mcp-hintcheck history list --format json): the audits themselves are in the History panel below. ${OPEN_WHAT}`,
      };
    case 'unknown':
      return { ok: false, message: `${fileName} is JSON, but not a file mcp-hintcheck writes. ${OPEN_WHAT}` };
  }
}
