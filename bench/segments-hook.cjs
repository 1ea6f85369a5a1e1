// Preloaded by bench/cli-segments.mjs (node -r): marks, in wall-clock milliseconds, when this process
// started, spawned its server, heard its first answer and its last list answer, sent SIGTERM, saw the
// server exit and began its own exit; printed on stderr at exit as one `bench-segments {...}` line.
// It wraps child_process.spawn and process.kill only to watch them; what they do is unchanged.
const childProcess = require('node:child_process');
const marks = {};
const now = () => performance.timeOrigin + performance.now();
const mark = (name) => {
  if (!(name in marks)) marks[name] = now();
};
mark('preload');
const spawn = childProcess.spawn;
childProcess.spawn = function watchedSpawn(...args) {
  mark('spawn');
  const child = spawn.apply(this, args);
  child.stdout?.on('data', (chunk) => {
    mark('firstAnswer');
    const text = chunk.toString();
    if (text.includes('"tools":[') || text.includes('"resourceTemplates"')) marks.lastList = now();
  });
  child.once('exit', () => mark('serverExit'));
  return child;
};
const kill = process.kill;
process.kill = function watchedKill(pid, signal) {
  if (signal === 'SIGTERM') mark('sigterm');
  return kill.call(process, pid, signal);
};
process.on('exit', () => {
  mark('exit');
  require('node:fs').writeSync(2, `\nbench-segments ${JSON.stringify({ origin: performance.timeOrigin, ...marks })}\n`);
});
