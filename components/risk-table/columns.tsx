/**
 * The risk table's columns: expand, tool name, class, the four hints, flags, behaviour in the sandbox, bytes and risk rank,
 * each sorting on the row's precomputed key; the class and flag columns filter, the name column
 * carries the text filter. Widths are fixed so the virtualized rows line up with the header.
 */
import { createColumnHelper, type FilterFn, type SortingState } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import { HINTS, type HintName } from '@/lib/core/annotations';
import type { FlagId } from '@/lib/core/flags/catalogue';
import { RISK_RULE, riskReason } from '@/lib/core/report/risk';
import { ClassBadge, FlagBadge, HintChip } from '@/components/ui/badges';
import { BehaviourBadge } from '@/components/ui/behaviour-evidence';
import { formatCount } from '@/components/ui/display-format';
import { MUTED } from '@/components/ui/styles';
import { hasInvisibleCharacters, VisibleText } from '@/components/ui/visible-text';
import type { ToolRow } from './tool-row';

/** Contradicted first when sorted ascending; tools never called last. */
const BEHAVIOUR_ORDER = ['contradicted', 'not-exercised', 'observed', 'clean', 'none'];

const columnHelper = createColumnHelper<ToolRow>();

const classFilterFn: FilterFn<ToolRow> = (row, _columnId, value: unknown) => row.original.tool.class === value;
const flagFilterFn: FilterFn<ToolRow> = (row, _columnId, value: unknown) =>
  row.original.flagIds.includes(value as FlagId);
export const textFilterFn: FilterFn<ToolRow> = (row, _columnId, value: unknown) =>
  typeof value !== 'string' || row.original.search.includes(value);

const HINT_WIDTH = 112;

const HINT_HEADER: Record<HintName, string> = {
  readOnlyHint: 'readOnly',
  destructiveHint: 'destructive',
  idempotentHint: 'idempotent',
  openWorldHint: 'openWorld',
};

export const columns = [
  columnHelper.display({
    id: 'expand',
    size: 40,
    enableSorting: false,
    header: () => <span className="sr-only">Details</span>,
  }),
  columnHelper.accessor((row) => row.nameKey, {
    id: 'name',
    // Its base; the column takes whatever width is left (cellStyle). 144, not 160: see TABLE_MIN_WIDTH.
    size: 144,
    sortingFn: 'basic',
    sortDescFirst: false,
    header: 'Tool',
    cell: ({ row }) => {
      const { tool } = row.original;
      return (
        <div className="min-w-0">
          <div
            className="font-medium break-words text-slate-900 dark:text-slate-100"
            title={hasInvisibleCharacters(tool.displayName) ? undefined : tool.displayName}
          >
            {tool.displayName === '' ? <span className={`italic ${MUTED}`}>(empty name)</span> : null}
            <VisibleText text={tool.displayName} controls />
          </div>
          {tool.name !== tool.displayName ? (
            <div
              className={`font-mono text-xs [overflow-wrap:anywhere] ${MUTED}`}
              title={hasInvisibleCharacters(tool.name) ? undefined : tool.name}
            >
              {tool.name === '' ? '(empty name)' : <VisibleText text={tool.name} controls />}
            </div>
          ) : null}
        </div>
      );
    },
  }),
  columnHelper.accessor((row) => row.classKey, {
    id: 'class',
    size: 140,
    sortingFn: 'basic',
    sortDescFirst: true,
    filterFn: classFilterFn,
    header: 'Class',
    cell: ({ row }) => <ClassBadge value={row.original.tool.class} />,
  }),
  ...HINTS.map((hint) =>
    columnHelper.accessor((row) => row.hintKeys[hint], {
      id: hint,
      size: HINT_WIDTH,
      sortingFn: 'basic',
      sortDescFirst: true,
      header: () => (
        <span title={hint}>
          {HINT_HEADER[hint]}
          <span className="sr-only">Hint</span>
        </span>
      ),
      cell: ({ row }) => {
        const { value, source, sent } = row.original.tool.effective[hint];
        return <HintChip hint={hint} value={value} source={source} sent={sent} />;
      },
    }),
  ),
  columnHelper.accessor((row) => row.flagKey, {
    id: 'flags',
    // 176 + the behaviour column's 96: with the other columns the table is 1,212 px (TABLE_MIN_WIDTH).
    size: 176,
    sortingFn: 'basic',
    sortDescFirst: true,
    filterFn: flagFilterFn,
    header: 'Flags',
    cell: ({ row }) => {
      const { flags } = row.original.tool;
      return flags.length === 0 ? (
        <span className={`text-xs ${MUTED}`}>none</span>
      ) : (
        <div className="flex flex-wrap gap-1">
          {flags.map((flag, i) => (
            // A tool's flags are a fixed list in report order.
            <FlagBadge key={`${flag.id}-${i}`} flag={flag} />
          ))}
        </div>
      );
    },
  }),
  columnHelper.accessor((row) => BEHAVIOUR_ORDER.indexOf(row.tool.behaviour?.status ?? 'none'), {
    id: 'behaviour',
    // The header's "Behaviour" and its sort arrow, uncut.
    size: 96,
    sortingFn: 'basic',
    sortDescFirst: false,
    header: () => <span title="audit --exercise: what calling the tool in a sandbox showed">Behaviour</span>,
    cell: ({ row }) => {
      const { behaviour } = row.original.tool;
      return behaviour === undefined ? (
        <span className={`text-xs ${MUTED}`} title="Not called in a sandbox: the hints are claims only">
          not called
        </span>
      ) : (
        <BehaviourBadge behaviour={behaviour} />
      );
    },
  }),
  columnHelper.accessor((row) => row.tool.bytes, {
    id: 'bytes',
    size: 72,
    sortingFn: 'basic',
    sortDescFirst: true,
    header: 'Bytes',
    cell: ({ getValue }) => <span className="tabular-nums">{formatCount(getValue())}</span>,
  }),
  columnHelper.accessor((row) => row.tool.risk.rank, {
    id: 'risk',
    size: 96,
    sortingFn: 'basic',
    sortDescFirst: false,
    header: () => <span title={`${RISK_RULE.summary} ${RISK_RULE.score}`}>Risk</span>,
    cell: ({ row }) => {
      const { risk } = row.original.tool;
      const reason = riskReason(risk);
      return (
        <span data-testid="risk-cell" className="text-right leading-tight" title={`${reason}. ${RISK_RULE.score}`}>
          <span className="block font-semibold tabular-nums">#{risk.rank}</span>
          <span className={`block text-[0.7rem] tabular-nums ${MUTED}`}>score {risk.score}</span>
          <span className="sr-only">{reason}</span>
        </span>
      );
    },
  }),
];

export const NUMERIC_COLUMNS = new Set(['bytes', 'risk']);
/**
 * 1,212 px: inside the report at a 1,280 px window even beside a classic 15 px scrollbar (1,280 - 15
 * - the page's 2 × 24 px padding = 1,217), so the Risk column is not cut off at the most common laptop
 * width (it was 1,228 px, 11 px too wide there; issue 49).
 */
export const TABLE_MIN_WIDTH = columns.reduce((sum, column) => sum + (column.size ?? 100), 0);
export const DEFAULT_SORTING: SortingState = [{ id: 'risk', desc: false }];

export function cellStyle(id: string, size: number): CSSProperties {
  return { flex: id === 'name' ? `1 0 ${size}px` : `0 0 ${size}px`, minWidth: 0 };
}
