/** `npm run demo` on its own: it starts the fake server, prints the app's story and exits 0 by itself. */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';

it('runs the demo to the end and exits 0', async () => {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'examples/demo.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(stdout).toMatch(/^Fake Connect API on http:\/\/127\.0\.0\.1:\d+ with \d+ stations$/m);
  expect(stdout).toMatch(/^Stations within 1 km of Alexanderplatz: \d+; the nearest five:$/m);
  expect(stdout).toMatch(/^Map tile 12\/\d+\/\d+ .*clusters$/m);
  expect(stdout).toMatch(/^ {2}stopped: 2400 s, [\d.]+ kWh, [\d.]+ EUR/m);
  expect(stdout).toMatch(/^ {2}1 invoice\(s\), 0 unpaid debt\(s\)$/m);
}, 60_000);
