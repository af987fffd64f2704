// Preloaded into a timed process (`node --import`): writes its peak resident memory (KB) and
// the CPU time it used (user + system, µs) to BENCH_USAGE_FILE when it exits. CPU time is the
// fairer comparison on a shared machine, where wall time also counts other processes' turns.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.BENCH_USAGE_FILE;
  if (!file) return;
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  writeFileSync(file, JSON.stringify({ maxRssKb: maxRSS, cpuMicros: userCPUTime + systemCPUTime }));
});
