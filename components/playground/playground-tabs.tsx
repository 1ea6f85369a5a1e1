'use client';
/**
 * The playground's tabs (WAI-ARIA APG tabs, automatic activation): a tablist whose one Tab stop is
 * the selected tab, Left/Right/Home/End move between tabs and select them, each tab controls its panel.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec<K extends string> {
  key: K;
  label: string;
}

// Long because: the APG tabs pattern: arrow-key handling, then each tab's ARIA attributes and the one panel.
export function PlaygroundTabs<K extends string>({
  tabs,
  selected,
  onSelect,
  idPrefix,
  children,
}: {
  tabs: readonly TabSpec<K>[];
  selected: K;
  onSelect: (key: K) => void;
  idPrefix: string;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab.key);
    refs.current.get(tab.key)?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label="Playground"
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700"
      >
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(node) => {
                if (node === null) refs.current.delete(tab.key);
                else refs.current.set(tab.key, node);
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.key}`}
              data-testid={`playground-tab-${tab.key}`}
              aria-selected={active}
              // Only the selected tab's panel is drawn: an id that names nothing would be an invalid reference.
              aria-controls={active ? `${idPrefix}-panel-${tab.key}` : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => {
                onSelect(tab.key);
              }}
              className={`-mb-px rounded-t-md border-b-2 px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-600 ${
                active
                  ? 'border-sky-700 text-slate-900 dark:border-sky-400 dark:text-slate-50'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${selected}`}
        aria-labelledby={`${idPrefix}-tab-${selected}`}
        data-testid={`playground-panel-${selected}`}
        className="pt-3"
      >
        {children}
      </div>
    </div>
  );
}
