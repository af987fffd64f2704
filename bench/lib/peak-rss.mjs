// Preloaded into a timed process (`node --import`): writes its peak resident memory (KB) to
// BENCH_PEAK_RSS_FILE when it exits, so every tool's memory is measured the same way.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.BENCH_PEAK_RSS_FILE;
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
});
