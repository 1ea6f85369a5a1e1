export default function HomePage() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 data-testid="app-title" className="text-3xl font-semibold tracking-tight">
        mcp-preflight
      </h1>
      <p className="mt-4 text-base opacity-80">
        The dashboard arrives in a later release; use the CLI:{' '}
        <code className="font-mono">mcp-preflight audit -- &lt;command&gt;</code>
      </p>
    </main>
  );
}
