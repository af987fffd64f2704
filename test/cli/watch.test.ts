/**
 * `generate --watch`, in process: the test waits on the watch's own events (a run started, a
 * run ended), never on time, and edits the spec between them.
 */
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchGenerate, type WatchEvent } from '../../generator/cli/commands/watch.js';
import { watchTargets } from '../../generator/cli/commands/watch-targets.js';
import { STAGING_PREFIX } from '../../generator/write/write.js';
import { capture } from '../support/cli-io.js';
import { manualClock } from '../support/manual-clock.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-watch-');
const PETSTORE = 'test/fixtures/other/petstore.yaml';

type RunEnd = Extract<WatchEvent, { kind: 'run-end' }>;

/** Every event the watch reported, and a way to wait for the next one of a kind. */
function recorder() {
  const events: WatchEvent[] = [];
  const waiting: { want: (e: WatchEvent) => boolean; resolve: (e: WatchEvent) => void }[] = [];
  const hooks: ((e: WatchEvent) => void)[] = [];
  return {
    events,
    onEvent(event: WatchEvent) {
      events.push(event);
      for (const hook of hooks.splice(0)) hook(event);
      for (const w of [...waiting])
        if (w.want(event)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(event);
        }
    },
    /** The next run's end, from now on. */
    nextRunEnd(): Promise<RunEnd> {
      return new Promise((resolve) =>
        waiting.push({ want: (e) => e.kind === 'run-end', resolve: (e) => resolve(e as RunEnd) }),
      );
    },
    /** The next change the watch hears of, from now on. */
    nextChange(): Promise<WatchEvent> {
      return new Promise((resolve) => waiting.push({ want: (e) => e.kind === 'change', resolve }));
    },
    /** Calls `act` on the next run's start, in the watch's own turn. */
    onNextRunStart(act: () => void) {
      const hook = (e: WatchEvent) => (e.kind === 'run-start' ? act() : hooks.push(hook));
      hooks.push(hook);
    },
    starts: () => events.filter((e) => e.kind === 'run-start').length,
  };
}

async function setUp(name: string) {
  const dir = join(scratch(), name);
  await mkdir(join(dir, 'spec'), { recursive: true });
  const spec = join(dir, 'spec', 'petstore.yaml');
  await copyFile(PETSTORE, spec);
  const original = await readFile(spec, 'utf8');
  const out = join(dir, 'out');
  /**
   * Replaces the spec as editors that save through a temporary file do: one event per save,
   * so the number of runs a test counts does not depend on how the events of one save are spread.
   */
  const save = (text: string) => {
    writeFileSync(`${spec}.swp`, text);
    renameSync(`${spec}.swp`, spec);
  };
  /** The spec with the list operation's summary changed to `summary`. */
  const edit = (summary: string) =>
    save(original.replace('summary: List pets', `summary: ${summary}`));
  const client = () => readFile(join(out, 'src/client.ts'), 'utf8');
  return { dir, spec, out, original, save, edit, client };
}

describe('generate --watch', () => {
  it('says the output was refused, not the spec, when the output holds another project', async () => {
    const { spec, out } = await setUp('refused');
    await mkdir(out, { recursive: true });
    writeFileSync(join(out, 'package.json'), '{"name":"their-app"}\n');
    const io = capture();
    const rec = recorder();
    const controller = new AbortController();
    const ended = rec.nextRunEnd();
    const watching = watchGenerate(
      { spec, out, debounceMs: 20 },
      io,
      controller.signal,
      rec.onEvent,
    );
    expect(await ended).toMatchObject({ outcome: 'invalid' });
    controller.abort();
    await watching;
    expect(io.stderr.join('\n')).toMatch(/error \[output\].*package\.json/);
    expect(io.stderr.at(-1)).toMatch(/: refused as the output; output unchanged\.$/);
    expect(await readFile(join(out, 'package.json'), 'utf8')).toBe('{"name":"their-app"}\n');
    expect(await readdir(out)).toEqual(['package.json']);
  });

  it('regenerates on a change, reports a broken spec and keeps going, and coalesces edits made during a run', async () => {
    const { spec, out, original, save, edit, client } = await setUp('cycle');
    const io = capture();
    const rec = recorder();
    const controller = new AbortController();
    let ended = rec.nextRunEnd();
    const watching = watchGenerate(
      { spec, out, debounceMs: 20 },
      io,
      controller.signal,
      rec.onEvent,
    );

    expect(await ended).toMatchObject({ outcome: 'written' });
    expect(await client()).toContain('List pets');

    ended = rec.nextRunEnd();
    edit('List the pets EDITED');
    expect(await ended).toMatchObject({ outcome: 'written' });
    expect(await client()).toContain('List the pets EDITED');
    expect(io.stdout.at(-1)).toMatch(
      /: regenerated \d+ of \d+ files \(.*\) in \d+\.\d s; package version /,
    );

    // A broken spec: diagnostics, nothing written, the watch goes on.
    const before = await client();
    ended = rec.nextRunEnd();
    save(
      original.replace(
        "{$ref: '#/components/schemas/Pet'}",
        "{$ref: '#/components/schemas/Missing'}",
      ),
    );
    expect(await ended).toMatchObject({ outcome: 'invalid' });
    expect(io.stderr.join('\n')).toMatch(/petstore\.yaml:\d+:\d+ error \[unresolved-ref\]/);
    expect(io.stderr.at(-1)).toMatch(/petstore\.yaml: \d+ error\(s\); output unchanged\.$/);
    expect(await client()).toBe(before);

    // Fixed: regenerated.
    ended = rec.nextRunEnd();
    edit('List the pets FIXED');
    expect(await ended).toMatchObject({ outcome: 'written' });
    expect(await client()).toContain('List the pets FIXED');

    // Two edits while a run is going give one more run, which sees the last of them.
    const startsBefore = rec.starts();
    rec.onNextRunStart(() => {
      edit('List SECOND');
      edit('List THIRD');
    });
    ended = rec.nextRunEnd();
    edit('List FIRST');
    await ended;
    const afterBurst = rec.nextRunEnd();
    await afterBurst;
    expect(await client()).toContain('List THIRD');
    // One more distinct edit: had the burst given two runs, a third start would come before it.
    ended = rec.nextRunEnd();
    edit('List LAST');
    await ended;
    expect(await client()).toContain('List LAST');
    expect(rec.starts() - startsBefore).toBe(3);

    controller.abort();
    await watching;
    expect(rec.events.at(-1)).toEqual({ kind: 'stopped' });
  });

  it('an abort during a run stops before writing: the output is the last one and no temporary files are left', async () => {
    const { spec, out, edit, client } = await setUp('abort');
    const io = capture();
    const rec = recorder();
    const controller = new AbortController();
    let ended = rec.nextRunEnd();
    const watching = watchGenerate(
      { spec, out, debounceMs: 20 },
      io,
      controller.signal,
      rec.onEvent,
    );
    await ended;
    const before = await client();

    ended = rec.nextRunEnd();
    rec.onNextRunStart(() => controller.abort());
    edit('List ABORTED');
    expect(await ended).toMatchObject({ outcome: 'aborted' });
    await watching;
    expect(rec.events.at(-1)).toEqual({ kind: 'stopped' });
    expect(await client()).toBe(before);
    expect((await readdir(out)).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
  });

  it('runs at the latest maxWaitMs after the first change while the spec keeps changing', async () => {
    const { spec, out, edit, client } = await setUp('max-wait');
    const clock = manualClock();
    const rec = recorder();
    const controller = new AbortController();
    let ended = rec.nextRunEnd();
    // A quiet time longer than any test: only the maximum wait can start the second run.
    const watching = watchGenerate(
      { spec, out, debounceMs: 600_000, maxWaitMs: 1000, timers: clock.timers },
      capture(),
      controller.signal,
      rec.onEvent,
    );
    await ended;
    ended = rec.nextRunEnd();
    // An edit every 50 ms of the watch's clock, each one heard before the clock moves on.
    let edits = 0;
    while (rec.starts() === 1 && edits < 100) {
      const heard = rec.nextChange();
      edit(`List EDIT ${++edits}`);
      await heard;
      clock.advance(50);
    }
    expect(rec.starts()).toBe(2);
    expect(clock.now()).toBe(1000);
    expect(edits).toBe(20);
    expect(await ended).toMatchObject({ outcome: 'written' });
    expect(await client()).toContain('List EDIT 20');
    controller.abort();
    await watching;
  });

  it('follows the config: a change to it regenerates, and so does a new folder of spec files', async () => {
    const { dir, spec, out } = await setUp('config');
    const config = join(dir, 'connect-codegen.config.json');
    const writeConfig = (name: string) => {
      writeFileSync(`${config}.swp`, JSON.stringify({ spec, output: out, package: { name } }));
      renameSync(`${config}.swp`, config);
    };
    writeConfig('first-name');
    const io = capture();
    const rec = recorder();
    const controller = new AbortController();
    let ended = rec.nextRunEnd();
    const watching = watchGenerate({ config, debounceMs: 20 }, io, controller.signal, rec.onEvent);
    expect(await ended).toMatchObject({ outcome: 'written' });
    const name = async () =>
      (JSON.parse(await readFile(join(out, 'package.json'), 'utf8')) as { name: string }).name;
    expect(await name()).toBe('first-name');

    ended = rec.nextRunEnd();
    writeConfig('second-name');
    expect(await ended).toMatchObject({ outcome: 'written' });
    expect(await name()).toBe('second-name');

    // A bad config is reported like a bad spec, and the watch goes on.
    ended = rec.nextRunEnd();
    writeConfig('Bad Name');
    expect(await ended).toMatchObject({ outcome: 'invalid' });
    expect(io.stderr.join('\n')).toContain("package.name 'Bad Name' is not an npm package name");
    expect(await name()).toBe('second-name');

    // A folder made after the watch began is watched too.
    ended = rec.nextRunEnd();
    writeConfig('third-name');
    await ended;
    ended = rec.nextRunEnd();
    await mkdir(join(dirname(spec), 'schemas'));
    await ended;
    ended = rec.nextRunEnd();
    writeFileSync(join(dirname(spec), 'schemas', 'pet.yaml'), 'type: object\n');
    expect(await ended).toMatchObject({ outcome: 'unchanged' });

    controller.abort();
    await watching;
  });

  it('regenerates a spec split over folders when a file outside its folder changes', async () => {
    const dir = join(scratch(), 'split');
    await mkdir(join(dir, 'api'), { recursive: true });
    await mkdir(join(dir, 'common'), { recursive: true });
    const root = join(dir, 'api', 'root.yaml');
    const shared = join(dir, 'common', 'pet.yaml');
    writeFileSync(
      root,
      [
        'openapi: 3.0.3',
        'info: {title: Pets, version: 1.0.0}',
        'paths:',
        '  /pets/{id}:',
        '    get:',
        '      operationId: getPet',
        '      parameters: [{name: id, in: path, required: true, schema: {type: string}}]',
        '      responses:',
        "        '200':",
        '          description: a pet',
        '          content:',
        "            application/json: {schema: {$ref: '../common/pet.yaml'}}",
        '',
      ].join('\n'),
    );
    const pet = (field: string) =>
      `type: object\nrequired: [${field}]\nproperties:\n  ${field}: {type: string}\n`;
    writeFileSync(shared, pet('name'));
    const out = join(dir, 'out');
    const rec = recorder();
    const controller = new AbortController();
    let ended = rec.nextRunEnd();
    // `dir` is a root `$ref`s may reach: the spec's own folder is `api/`.
    const watching = watchGenerate(
      { spec: root, out, debounceMs: 20, refRoot: [dir] },
      capture(),
      controller.signal,
      rec.onEvent,
    );
    expect(await ended).toMatchObject({ outcome: 'written' });
    const types = () => readFile(join(out, 'src/types.ts'), 'utf8');
    expect(await types()).toMatch(/\bname: string/);

    ended = rec.nextRunEnd();
    writeFileSync(`${shared}.swp`, pet('nickname'));
    renameSync(`${shared}.swp`, shared);
    expect(await ended).toMatchObject({ outcome: 'written' });
    expect(await types()).toMatch(/\bnickname: string/);
    controller.abort();
    await watching;
  });

  it('watches the spec folder for spec files, leaving out the output inside it, and the config', () => {
    const [specs, config] = watchTargets(
      {
        spec: '/p/api/root.yaml',
        out: '/p/api/client',
        config: ['/p/connect-codegen.config.json'],
      },
      '/p',
    );
    expect(specs).toMatchObject({ dir: '/p/api', recursive: true });
    expect(specs!.accepts('/p/api/paths/pets.yaml')).toBe(true);
    expect(specs!.accepts('/p/api/schemas/pet.json')).toBe(true);
    expect(specs!.accepts('/p/api/notes.md')).toBe(false);
    expect(specs!.accepts('/p/api/client/package.json')).toBe(false);
    expect(specs!.accepts('/p/api/node_modules/x/package.json')).toBe(false);
    expect(config).toMatchObject({ dir: '/p', recursive: false });
    expect(config!.accepts('/p/connect-codegen.config.json')).toBe(true);
    expect(config!.accepts('/p/package.json')).toBe(false);
    // The files the loader read outside the spec's folder are watched too, and only those there.
    const [tree, outside] = watchTargets(
      { spec: '/p/api/root.yaml', out: '/p/out', config: [] },
      '/p',
      ['/p/api/root.yaml', '/p/api/schemas/pet.yaml', '/p/common/shared.yaml'],
    );
    expect(tree).toMatchObject({ dir: '/p/api', recursive: true });
    expect(outside).toMatchObject({ dir: '/p/common', recursive: false });
    expect(outside!.accepts('/p/common/shared.yaml')).toBe(true);
    expect(outside!.accepts('/p/common/unrelated.yaml')).toBe(false);
  });
});
