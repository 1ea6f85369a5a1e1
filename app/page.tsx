import Link from 'next/link';
import path from 'node:path';
import { Dashboard, type DemoCommand } from '@/components/dashboard';
import { SessionNotice } from '@/components/session/session-notice';
import { HistoryPanel } from '@/components/history/history-panel';

export const dynamic = 'force-dynamic';

export default function HomePage() {
  const demo: DemoCommand = {
    command: process.execPath,
    args: [path.join(process.env.HINTCHECK_ROOT ?? process.cwd(), 'dist', 'demo-server.mjs')],
  };
  return (
    <div className="mx-auto max-w-[1400px] px-4 pt-6 pb-16 sm:px-6">
      <header className="mb-6 flex flex-wrap items-baseline gap-x-4 gap-y-1 border-b border-slate-200 pb-4 dark:border-slate-800">
        <h1 data-testid="app-title" className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">
          mcp-hintcheck
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Audit an MCP server before you connect an AI agent to it. Annotations are hints the server gives about itself;
          this shows what it claims, what defaults fill in, and what nothing tells you.
        </p>
        <Link href="/servers" className="text-sm text-sky-700 underline dark:text-sky-300" data-testid="servers-link">
          Your servers
        </Link>
      </header>
      <main>
        <SessionNotice />
        <Dashboard demo={demo} />
        <HistoryPanel />
      </main>
    </div>
  );
}
