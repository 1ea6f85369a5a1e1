// The exercise's loopback listener (issue 34): a tiny HTTP server the sandbox starts inside its own
// network namespace (loopback only), where steered URLs point (lib/server/exercise/arguments.ts,
// LISTENER_PORT). It answers every request with 200 and a short text, so a fetch or a browser gets
// an answer and goes on (port 9 was refused by fetch and Chromium, so no connect was ever seen), and
// records what was sent, one JSON line per request (method, URL, headers, body size and its first
// bytes): "what would have been sent" is evidence too. Usage: node listener.mjs PORT LOG
// LOG is a file path, or fd:N for a descriptor it was given (the sandbox passes the host's log file
// as fd 3, so nothing of it lands in the sandbox's own folders). Binds 127.0.0.1 only; prints
// "listening PORT" on stdout once ready and then closes its stdout (the sandbox's launcher waits for
// that end before it starts the server, lib/server/exercise/listener.ts); exits on SIGTERM, or at the end of its stdin when that is
// a pipe (in the sandbox its stdin is /dev/null, and it ends with the sandbox).
// Every answer says `Connection: close` and the socket is closed after it (issue 47): a client that
// keeps connections alive (fetch does) must connect again for its next request, so the trace sees a
// connect in every call that sends one; a reused socket sent requests no trace line showed. HTTP/1.1
// only: an HTTP/2 preface is refused (400 and closed), an `Upgrade: h2c` is answered in HTTP/1.1.
import { appendFileSync, closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? '47113');
const where = process.argv[3] ?? '/dev/null';
const log = /^fd:\d+$/.test(where) ? Number(where.slice(3)) : where;
const KEPT = 512;

const server = createServer((request, response) => {
  const chunks = [];
  let bytes = 0;
  request.on('data', (chunk) => {
    bytes += chunk.length;
    if (bytes <= KEPT) chunks.push(chunk);
  });
  request.on('end', () => {
    const body = Buffer.concat(chunks).subarray(0, KEPT).toString('utf8');
    const line = { at: Date.now(), method: request.method, url: request.url, headers: request.headers, bytes, body };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
    response.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
    response.end('hintcheck loopback listener: nothing here\n');
  });
});
// Node's parser refuses the HTTP/2 preface (PRI * HTTP/2.0) as a bad request; say so and close.
server.on('clientError', (_error, socket) => {
  if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  else socket.destroy();
});
server.listen(port, '127.0.0.1', () => {
  writeSync(1, `listening ${port}\n`);
  // The end of stdout says "ready"; /dev/null takes its place so fd 1 is never a socket's.
  closeSync(1);
  openSync('/dev/null', 'w');
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
if (fstatSync(0).isFIFO()) {
  process.stdin.on('end', stop);
  process.stdin.resume();
}
