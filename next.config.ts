import type { NextConfig } from 'next';

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Loaded from node_modules at run time, not bundled: the SDK (its module graph stays whole) and
  // better-sqlite3 (a native addon). The installed package reads this list back from the build
  // (.next/required-server-files.json) to resolve Turbopack's hashed names (lib/server/dashboard/next-externals.ts).
  serverExternalPackages: ['@modelcontextprotocol/sdk', 'better-sqlite3'],
  devIndicators: false,
  // `npm test` type-checks the whole tree once (scripts/test.mjs: `next typegen`, then tsc) before it
  // builds, and says so with HINTCHECK_TYPES_CHECKED=1; every other build checks its types itself.
  typescript: { ignoreBuildErrors: process.env.HINTCHECK_TYPES_CHECKED === '1' },
  // Every path but the sign-in callback, whose handler sends its own stricter policy
  // (lib/server/http/sign-in-api.ts: no script, no style, nothing): two policies would be combined.
  headers() {
    return Promise.resolve([{ source: '/:path((?!api/sign-in/callback$).*)', headers: securityHeaders }]);
  },
};

export default nextConfig;
