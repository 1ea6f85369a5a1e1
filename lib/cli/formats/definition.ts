/**
 * What a format is: its name, a line for --help, the file it is saved as (extension and media type,
 * which the dashboard's downloads use too), how its output is made safe for a terminal, and one
 * renderer per kind of result it can write. A command writes one kind (commands.ts); a format that
 * has no renderer for that kind is not offered to that command. Renderers load their code with
 * import() when called, so the registry costs the CLI's start nothing (docs/benchmarks.md).
 */
import type { BatchResult } from '../../core/api/batch-request';
import type { ServerListing } from '../../core/config/entry';
import type { FailOn } from '../../core/contract/changes';
import type { Drift } from '../../core/contract/drift';
import type { Contract, ContractFile } from '../../core/contract/schema';
import type { OAuthReport } from '../../core/oauth/schemas';
import type { SignInFacts } from '../../core/oauth/sign-in';
import type { Report } from '../../core/report/report';
import type { ScanExport } from '../../core/session/scan-export';
import type { ScanFinding } from '../../core/session/scan-findings';
import type { Severity } from '../../core/severity';
import type { HistoryListInput, HousekeepingInput } from '../print/print-history';
import type { SafeAs, TextStyle } from '../print/terminal';

/** What each kind of result hands its renderers. `style` colours text (PLAIN for files and pipes). */
export interface RenderInputs {
  /** An audit's Report (audit, history show, and the partial report of verify). */
  audit: { report: Report; failOn: Severity | null; allKinds: boolean; style: TextStyle };
  /** The OAuth check of `oauth`, with what a sign-in granted (--login) or null. */
  oauth: { oauth: OAuthReport; signIn: SignInFacts | null; style: TextStyle };
  /** The changes between an approved surface and a live one (verify, history diff). */
  drift: {
    drift: Drift;
    report: Report;
    failOn: FailOn;
    label: string;
    contractUri: string;
    contractText: string;
    baseline: ContractFile;
    style: TextStyle;
  };
  /** A pinned surface (contract write). */
  contract: { contract: Contract };
  /** The saved audits (history list). */
  historyList: HistoryListInput;
  /** What a prune or delete did (history prune, history delete). */
  housekeeping: HousekeepingInput;
  /** The servers found in the clients' files, their audits and findings (scan). */
  scan: {
    data: ScanExport;
    /** The repository SARIF paths are relative to, and HOME for `~/` paths. */
    root: string;
    home: string;
    listings: ReadonlyMap<string, readonly ServerListing[]>;
    results: readonly BatchResult[];
    serverIds: ReadonlyMap<string, string>;
    /** Every finding of the scan, walked once (lib/core/session/scan-findings.ts). */
    findings: readonly ScanFinding[];
    style: TextStyle;
  };
}

export type RenderKind = keyof RenderInputs;

export type Renderer<K extends RenderKind> = (input: RenderInputs[K]) => string | Promise<string>;

/** The file a format is saved as: its extension and media type. */
export interface FormatFile {
  extension: string;
  mediaType: string;
}

export interface FormatDefinition<N extends string = string> {
  name: N;
  /** One line for --help. */
  description: string;
  file: FormatFile;
  /** How characters a terminal would act on are escaped in its output (lib/cli/print/terminal.ts). */
  safeAs: SafeAs;
  render: { readonly [K in RenderKind]?: Renderer<K> };
}

/** `stem.extension` for a file of this format. */
export function formatFileName(stem: string, format: Pick<FormatDefinition, 'file'>): string {
  return `${stem}.${format.file.extension}`;
}
