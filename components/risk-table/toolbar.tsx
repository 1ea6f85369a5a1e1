/**
 * Above the risk table: the title with how many rows are shown, the glossary, the text, class and
 * flag filters (only the flags raised in this report, with their counts), the reset buttons and the
 * legends for hint provenance and flag severity.
 */
import { useId, type ReactNode } from 'react';
import { TOOL_CLASSES } from '@/lib/core/annotations';
import type { FlagId } from '@/lib/core/flags/catalogue';
import { SEVERITIES } from '@/lib/core/severity';
import type { Summary } from '@/lib/core/report/summary';
import { CLASS_LABELS, SeverityLabel } from '@/components/ui/badges';
import { formatCount } from '@/components/ui/display-format';
import { BUTTON, INPUT, LabelledField, MUTED } from '@/components/ui/styles';
import { flagOptions } from './flag-options';
import { Glossary, SourceLegend } from './glossary';

export interface TableFilters {
  query: string;
  classFilter: string;
  flagFilter: string;
}

export const NO_FILTERS: TableFilters = { query: '', classFilter: '', flagFilter: '' };

interface ToolbarProps {
  titleId: string;
  shown: number;
  total: number;
  isDefaultOrder: boolean;
  filters: TableFilters;
  onFilters: (filters: TableFilters) => void;
  onResetOrder: () => void;
  classCounts: Summary['classCounts'];
  flagCounts: Readonly<Partial<Record<FlagId, number>>>;
  /** Shown beside the reset buttons (the filtered export). */
  actions?: ReactNode;
}

interface FilterFieldProps {
  id: string;
  filters: TableFilters;
  onFilters: (filters: TableFilters) => void;
}

function ClassSelect({ id, filters, onFilters, classCounts }: FilterFieldProps & Pick<ToolbarProps, 'classCounts'>) {
  return (
    <LabelledField id={`${id}-class`} label="Class">
      <select
        id={`${id}-class`}
        data-testid="class-filter"
        className={`${INPUT} mt-1`}
        value={filters.classFilter}
        onChange={(event) => {
          onFilters({ ...filters, classFilter: event.target.value });
        }}
      >
        <option value="">All classes</option>
        {TOOL_CLASSES.map((cls) => (
          <option key={cls} value={cls}>
            {`${CLASS_LABELS[cls]} (${classCounts[cls].tools})`}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/** The flag filter: the flags raised in this report, with their counts (flag-options.ts). */
function FlagSelect({ id, filters, onFilters, flagCounts }: FilterFieldProps & Pick<ToolbarProps, 'flagCounts'>) {
  return (
    <LabelledField id={`${id}-flag`} label="Flag">
      <select
        id={`${id}-flag`}
        data-testid="flag-filter"
        className={`${INPUT} mt-1 sm:max-w-64`}
        value={filters.flagFilter}
        onChange={(event) => {
          onFilters({ ...filters, flagFilter: event.target.value });
        }}
      >
        <option value="">All flags</option>
        {flagOptions(flagCounts, filters.flagFilter).map(({ flag, count }) => (
          <option key={flag} value={flag}>
            {`${flag} (${formatCount(count)})`}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/** The filtered export, Clear filters and Riskiest first, each when it applies. */
function ResetButtons({
  filters,
  onFilters,
  isDefaultOrder,
  onResetOrder,
  actions,
}: Pick<ToolbarProps, 'filters' | 'onFilters' | 'isDefaultOrder' | 'onResetOrder' | 'actions'>) {
  const filtered = filters.query !== '' || filters.classFilter !== '' || filters.flagFilter !== '';
  return (
    <div className="flex flex-wrap gap-2" data-print="hide">
      {actions}
      {filtered ? (
        <button
          type="button"
          data-testid="clear-filters"
          className={BUTTON.secondary}
          onClick={() => {
            onFilters(NO_FILTERS);
          }}
        >
          Clear filters
        </button>
      ) : null}
      {!isDefaultOrder ? (
        <button type="button" data-testid="sort-reset" className={BUTTON.secondary} onClick={onResetOrder}>
          Riskiest first
        </button>
      ) : null}
    </div>
  );
}

export function Toolbar(props: ToolbarProps) {
  const { titleId, shown, total, isDefaultOrder, filters, onFilters } = props;
  const id = useId();
  return (
    <div className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 id={titleId} className="text-base font-semibold text-slate-900 dark:text-slate-50">
            Tools
          </h2>
          <span data-testid="rows-shown" className={`text-sm tabular-nums ${MUTED}`} aria-live="polite">
            {`${shown} of ${total} tools`}
          </span>
          <span className={`text-xs ${MUTED}`}>
            {isDefaultOrder ? 'in risk order: read the first rows first' : null}
          </span>
        </div>
        <Glossary />
      </div>
      <div className="grid gap-2 sm:grid-cols-[minmax(12rem,1fr)_auto_auto_auto] sm:items-end" data-print="hide">
        <LabelledField id={`${id}-filter`} label="Filter">
          <input
            id={`${id}-filter`}
            data-testid="table-filter"
            type="search"
            className={`${INPUT} mt-1`}
            placeholder="name, title or description"
            value={filters.query}
            spellCheck={false}
            onChange={(event) => {
              onFilters({ ...filters, query: event.target.value });
            }}
          />
        </LabelledField>
        <ClassSelect id={id} filters={filters} onFilters={onFilters} classCounts={props.classCounts} />
        <FlagSelect id={id} filters={filters} onFilters={onFilters} flagCounts={props.flagCounts} />
        <ResetButtons {...props} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <SourceLegend />
        <div className={`flex flex-wrap items-center gap-1.5 text-xs ${MUTED}`}>
          <span>Flag severity</span>
          {SEVERITIES.map((severity) => (
            <SeverityLabel key={severity} severity={severity} />
          ))}
        </div>
      </div>
    </div>
  );
}
