// Preloaded by bench/cli.mjs (node -r): reports this process's own CPU time (user + system, not its
// children's) on stderr at exit, so a run shows CPU cost apart from waiting.
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  require('node:fs').writeSync(2, `\nbench-cpu-ms ${((user + system) / 1000).toFixed(1)}\n`);
});
