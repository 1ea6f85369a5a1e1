import { startDashboard } from '../scripts/start-dashboard.mjs';
const port = 3298, token = 'bench-token-0123456789abcdefghij';
const d = await startDashboard(port, token);
const body = JSON.stringify({ transport: 'stdio', command: 'node', args: ['test/fixtures/raw-stdio-server.mjs', 'many'], env: { FIXTURE_TOOLS: '5000' } });
for (let i = 0; i < 6; i++) {
  const t0 = performance.now(); let first, bytes = 0; const marks = [];
  const r = await fetch(`http://127.0.0.1:${port}/api/audit`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}` }, body });
  const reader = r.body.getReader(); let buf = '';
  for (;;) { const { done, value } = await reader.read(); if (done) break; bytes += value.length; buf += Buffer.from(value).toString();
    let nl; while ((nl = buf.indexOf('\n')) >= 0) { const line = buf.slice(0, nl); buf = buf.slice(nl + 1); const e = JSON.parse(line); marks.push(`${e.step ?? e.type}@${(performance.now() - t0).toFixed(0)}${e.type==='report'?`(${(line.length/1e6).toFixed(1)}MB)`:''}`); } }
  console.log(r.status, (performance.now() - t0).toFixed(0), 'ms', bytes, marks.filter((m,i,a)=>!m.startsWith("page")||i%10==0||!a[i+1]?.startsWith("page")).join(' '));
}
d.stop();
