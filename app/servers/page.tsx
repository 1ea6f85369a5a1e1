import Link from 'next/link';
import { YourServers } from '@/components/servers/your-servers';

export const dynamic = 'force-dynamic';

export default function ServersPage() {
  return (
    <div className="mx-auto max-w-[1400px] px-4 pt-6 pb-16 sm:px-6">
      <header className="mb-6 flex flex-wrap items-baseline gap-x-4 gap-y-1 border-b border-slate-200 pb-4 dark:border-slate-800">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">mcp-hintcheck</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The servers your MCP clients are configured with, checked before they start and audited together.
        </p>
        <Link href="/" className="text-sm text-sky-700 underline dark:text-sky-300">
          Audit one server
        </Link>
      </header>
      <main>
        <YourServers />
      </main>
    </div>
  );
}
