/**
 * The change report with a hostile spec: the markdown is posted as a pull-request comment and
 * written into the changelog, so whatever a spec holds in `info.version`, a path, a parameter
 * or property name, a header, a media type, an operationId or an enum value, the report keeps
 * its own headings, lines and list items, shows the text literally (in code spans, with hidden
 * characters escaped), and a terminal gets no control characters. Structure is checked by a
 * small CommonMark reading of each line (`shape`), against the same report made with a plain
 * name in the same places.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  CODE_SPAN_LIMIT,
  inlineCode,
  inlineText,
  visible,
} from '../../generator/release/diff/markdown-text.js';
import { planRelease, updateChangelog } from '../../generator/release/diff/release.js';
import { renderReport } from '../../generator/release/diff/render.js';
import type { ChangeReport } from '../../generator/release/diff/report.js';
import { gitIn } from '../support/git.js';
import { useScratchDir } from '../support/scratch.js';
import { reportBetween, type Doc } from './support.js';

const run = promisify(execFile);
const scratch = useScratchDir('connect-codegen-hostile-report-');

const HOSTILE: readonly [string, string][] = [
  [
    'a fake "No changes" paragraph and an open comment',
    '9.9.9\n\nNo changes to the public surface.\n\n<!--',
  ],
  ['fake headings', 'x\n# Breaking changes\n## API 1.0.0\n### None.'],
  ['CRLF and CR line endings', 'a\r\n- item\rb'],
  ['one backtick', 'a`b'],
  ['a leading and a trailing backtick', '`ab`'],
  ['backticks of every run length', 'a`b``c```d````e`````f'],
  ['only backticks', '```'],
  ['a backtick then a mention', '` @org/team `'],
  ['a team mention', '@org/team please approve'],
  ['a link', '[click](http://evil.example/)'],
  ['an image', '![x](http://evil.example/pixel.png)'],
  ['HTML', '<img src=x onerror=alert(1)>'],
  ['a closing code tag', '</code><b>bold</b>'],
  ['a table breaker', 'a | b\n|---|---|\n| c | d |'],
  ['emphasis', '*bold* _em_ **strong** ~~gone~~'],
  ['a heading marker', '# heading'],
  ['a quote', '> quoted'],
  ['a list marker', '- item'],
  ['an ordered list marker', '1. item'],
  ['a thematic break', '---'],
  ['HTML entities', '&lt;script&gt; &amp; &#64;user &#x60;'],
  ['ESC sequences', '\u001b[2J\u001b]0;title\u0007done'],
  ['other control characters', 'nul\u0000bs\u0008del\u007fnel\u0085csi\u009b'],
  ['a very long string', 'x'.repeat(20_000)],
  ['line and paragraph separators', 'line\u2028next\u2029para'],
  ['zero-width and bidirectional characters', 'zero\u200bwidth\u200d\u2060\ufeff\u202eesrever'],
  ['bare links, emoji and references', 'www.evil.example http://evil.example :+1: #1 GH-1'],
  ['a trailing backslash', 'end\\'],
  ['an escaped backtick', '\\`not code'],
  ['spaces around', ' padded '],
];

/** Plain, but not inert: every format shows it where the hostile text goes, so the two reports have one shape. */
const NEUTRAL = 'plain/name';

interface LineShape {
  /** The line with each code span replaced by `C`: what markdown reads as structure and words. */
  readonly skeleton: string;
  /** The code spans' contents, as CommonMark gives them (one padding space stripped from each side). */
  readonly spans: readonly string[];
}

/**
 * A line read as CommonMark reads code spans: a run of n backticks opens one that the next run
 * of exactly n closes. A run that nothing closes is a stray backtick, which fails the test.
 */
function shape(line: string): LineShape {
  let skeleton = '';
  const spans: string[] = [];
  let at = 0;
  while (at < line.length) {
    const open = /`+/g;
    open.lastIndex = at;
    const found = open.exec(line);
    if (!found) {
      skeleton += line.slice(at);
      break;
    }
    skeleton += line.slice(at, found.index);
    const fence = found[0];
    const close = new RegExp(`(?<!\`)${fence}(?!\`)`, 'g');
    close.lastIndex = found.index + fence.length;
    const end = close.exec(line);
    if (!end) throw new Error(`a backtick run that nothing closes in: ${line}`);
    let content = line.slice(found.index + fence.length, end.index);
    if (/^ .* $/.test(content) && !/^ +$/.test(content)) content = content.slice(1, -1);
    spans.push(content);
    skeleton += 'C';
    at = end.index + fence.length;
  }
  return { skeleton, spans };
}

/** The kind of block each line starts, as a renderer sees it. */
function blockKind(line: string): string {
  if (line === '') return 'blank';
  const heading = /^(#{1,6}) /.exec(line);
  if (heading) return `heading ${heading[1]!.length}`;
  const item = /^( *)[-*+] /.exec(line);
  if (item) return `item ${item[1]!.length}`;
  return 'paragraph';
}

/** Outside code: nothing markdown or GitHub could read as a link, HTML, mention, emphasis, entity, escape or table. */
const ACTIVE = /[<>[\]!*_&@\\|~`#]|www\.|https?:/;
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

function checkStructure(hostile: string, neutral: string) {
  const [h, n] = [hostile.split('\n'), neutral.split('\n')];
  expect(h.map(blockKind)).toEqual(n.map(blockKind));
  const [hs, ns] = [h.map(shape), n.map(shape)];
  // Changes in a group are sorted by their text, which the hostile name can reorder.
  const sorted = (shapes: LineShape[]) => shapes.map((s) => s.skeleton).sort();
  expect(sorted(hs)).toEqual(sorted(ns));
  for (const { skeleton } of ns) expect(skeleton.replace(/^#+ /, '')).not.toMatch(ACTIVE);
  expect(hostile.replace(/\n/g, '')).not.toMatch(HIDDEN);
  return hs.flatMap((s) => s.spans);
}

/** The visible pieces of a string: what a reader must find in the report, literally. */
const pieces = (text: string) => text.split(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/u).filter(Boolean);

const BASE: Doc = {
  openapi: '3.1.0',
  info: { title: 'Things', version: '1.0.0' },
  paths: {
    '/things/': {
      get: {
        operationId: 'thingsList',
        parameters: [{ name: 'owner', in: 'query', schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The things.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { kind: { type: 'string', enum: ['small', 'large'] } },
                },
              },
            },
          },
        },
      },
    },
    '/gone/': { get: { operationId: 'goneGet', responses: { '204': { description: 'Gone.' } } } },
  },
};

/** The base with `/gone/` removed, and `text` as the version and in every other place a spec names something. */
function headWith(text: string): Doc {
  const head = structuredClone(BASE);
  head.info.version = text;
  delete head.paths['/gone/'];
  const get = head.paths['/things/'].get;
  get.parameters.push({ name: text, in: 'query', schema: { type: 'string' } });
  get.parameters.push({ name: `X-${text}`, in: 'header', schema: { type: 'string' } });
  const response = get.responses['200'].content;
  response['application/json'].schema.properties.kind.enum.push(text);
  response['application/json'].schema.properties[`zz${text}`] = { type: 'string' };
  response[`text/x-${text}`] = { schema: { type: 'string' } };
  head.paths[`/new/${text}`] = {
    get: { operationId: text, responses: { '204': { description: 'New.' } } },
  };
  return head;
}

const reportWith = (text: string): ChangeReport =>
  reportBetween(
    { label: 'base.yaml', text: stringify(BASE) },
    { label: 'head.yaml', text: stringify(headWith(text)) },
  );

describe('spec text in markdown', () => {
  const neutral = reportWith(NEUTRAL);

  it('reports the neutral spec as expected, with the removed operation listed', () => {
    const md = renderReport(neutral, 'markdown');
    expect(md).toContain(
      '- `GET /gone/` (`client.gone.get() / goneGet()`)\n  - operation removed: calls to it stop compiling\n',
    );
    expect(md.split('\n')[0]).toBe('## API `plain/name`');
  });

  it.each(HOSTILE)('keeps the report’s structure, and shows the text literally: %s', (_, text) => {
    const report = reportWith(text);
    const md = renderReport(report, 'markdown');
    const spans = checkStructure(md, renderReport(neutral, 'markdown'));
    expect(md.split('\n')).not.toContain('No changes to the public surface.');
    expect(md).toContain('- `GET /gone/`');
    expect(md).toContain('  - operation removed: calls to it stop compiling');
    // The version heads the report, whole (or cut, when long) and escaped, in one code span.
    const version = shape(md.split('\n')[0]!);
    expect(version.skeleton).toBe('## API C');
    expect(version.spans[0]).toBe(
      text.length > CODE_SPAN_LIMIT ? `${text.slice(0, CODE_SPAN_LIMIT)}…` : visible(text),
    );
    // Every visible piece of the text is in some code span, as written.
    if (text.length <= CODE_SPAN_LIMIT)
      for (const piece of pieces(text))
        expect(spans.filter((s) => s.includes(piece)).length).toBeGreaterThanOrEqual(5);
  });

  it.each(HOSTILE)('gives a terminal no control characters: %s', (_, text) => {
    const report = renderReport(reportWith(text), 'text');
    const neutralText = renderReport(neutral, 'text');
    expect(report.split('\n')).toHaveLength(neutralText.split('\n').length);
    expect(report.replace(/\n/g, '')).not.toMatch(HIDDEN);
  });

  it('keeps every hostile string in the JSON report as it is', () => {
    const text = HOSTILE[0]![1];
    const json = JSON.parse(renderReport(reportWith(text), 'json')) as {
      head: { version: string };
      changes: { location: string }[];
    };
    expect(json.head.version).toBe(text);
    expect(json.changes.map((c) => c.location)).toContain(`query parameter \`${text}\``);
  });
});

describe('inline code and text', () => {
  it.each([
    ['/users/{userId}', '`/users/{userId}`'],
    ['a`b', '``a`b``'],
    ['`a', '`` `a ``'],
    ['a`', '`` a` ``'],
    ['``', '``` `` ```'],
    [' a ', '`  a  `'],
    ['  ', '`  `'],
    ['', '` `'],
    ['a\nb\u001b\u200b', '`a\\nb\\u001b\\u200b`'],
    ['tag\u{e0001}', '`tag\\u{e0001}`'],
  ])('shows %j as %s', (text, expected) => {
    expect(inlineCode(text)).toBe(expected);
  });

  it('cuts long text between characters, never inside an escape', () => {
    expect(inlineCode('ab\u001bcd', 4)).toBe('`ab…`');
    expect(inlineCode('😀😀😀', 4)).toBe('`😀😀…`');
  });

  it.each([
    ['1.5.0', '1.5.0'],
    ['2023-10-01', '2023-10-01'],
    ['1.0.0-beta.1+build.5', '1.0.0-beta.1+build.5'],
    ['200', '200'],
    ['one of', 'one of'],
    ['const + type', 'const + type'],
    ['www.evil.example', '`www.evil.example`'],
    ['v1 www.evil.example', '`v1 www.evil.example`'],
    ['1.', '`1.`'],
    ['-1', '`-1`'],
    ['a_b', '`a_b`'],
    ['a@b', '`a@b`'],
    ['constant "x"', '`constant "x"`'],
  ])('leaves %j as words only when markdown reads nothing in it: %s', (text, expected) => {
    expect(inlineText(text)).toBe(expected);
  });
});

describe('the changelog', () => {
  const hostile = '1.0.0-<img src=x onerror=alert(1)>';

  it('heads the first entry with a version that markdown cannot read as HTML', () => {
    const plan = planRelease({
      now: {
        digest: 'd',
        specDigest: 's',
        surface: { version: hostile, schemas: [], operations: [] },
      },
      markReleased: false,
    });
    expect(plan.version).toBe(hostile);
    const lines = plan.entry!.split('\n');
    expect(lines[0]).toBe('## `1.0.0-<img src=x onerror=alert(1)>`');
    expect(lines.map((l) => shape(l).skeleton).join('\n')).not.toMatch(/</);
  });

  it('finds the released entry under such a heading, so a prepared entry is replaced', () => {
    const entry = (version: string, text: string) => `## ${inlineText(version)}\n\n${text}\n`;
    const released = updateChangelog(undefined, entry(hostile, 'first'), 'header');
    const prepared = updateChangelog(released, entry('1.0.1', 'a fix'), 'header', hostile);
    const grown = updateChangelog(prepared, entry('2.0.0', 'a break'), 'header', hostile);
    expect(grown).not.toContain('## 1.0.1');
    expect(grown).toContain('## 2.0.0');
    expect(grown).toContain(`## \`${hostile}\``);
  });
});

describe('diff --format markdown against git history', () => {
  it('lists a removed operation whatever the head spec says in info.version', async () => {
    const repo = join(scratch(), 'repo');
    await mkdir(join(repo, 'spec'), { recursive: true });
    const git = gitIn(() => repo);
    await git('init', '-q', '-b', 'main');
    const spec = join(repo, 'spec/api.yaml');
    await writeFile(spec, stringify(BASE));
    await git('add', 'spec/api.yaml');
    await git('commit', '-q', '-m', 'base');
    const head = structuredClone(BASE);
    delete head.paths['/gone/'];
    head.info.version = HOSTILE[0]![1];
    await writeFile(spec, stringify(head));

    const result = await run(
      resolve('node_modules/.bin/tsx'),
      [
        resolve('generator/cli/cli.ts'),
        'diff',
        '--base',
        'main',
        '--spec',
        'spec/api.yaml',
        '--format',
        'markdown',
      ],
      { cwd: repo, env: { ...process.env, GIT_CEILING_DIRECTORIES: dirname(scratch()) } },
    ).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((l) => shape(l).skeleton)).toEqual([
      '## API C',
      '',
      'Compared with API 1.0.0. 1 breaking change, no compatible changes. The package needs a major release (API 1.0.0 → C).',
      '',
      '### Breaking changes',
      '',
      '- C (C)',
      '  - operation removed: calls to it stop compiling',
      '',
      '### Compatible changes',
      '',
      'None.',
    ]);
    expect(lines[6]).toBe('- `GET /gone/` (`client.gone.get() / goneGet()`)');
    expect(shape(lines[0]!).spans).toEqual([visible(HOSTILE[0]![1])]);
  }, 30_000);
});
