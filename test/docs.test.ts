/**
 * The documentation as a reader walks it: the README is a short entry, every page under
 * `docs/` is linked from it, and every relative link in the README and the pages leads to a
 * file that exists, and to a heading of it when the link names one (GitHub's anchors).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, DOCS_PAGES, README_FILE, REPO_ROOT } from './support/docs.js';

const MAX_README_LINES = 300;

const pageFiles = readdirSync(DOCS_DIR)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => join(DOCS_DIR, name));
const files = [README_FILE, ...pageFiles];

/** The text outside fenced code blocks, fences and their contents as blank lines. */
function prose(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined) {
        if (marker === undefined) return line;
        fence = marker;
        return '';
      }
      if (
        marker &&
        marker[0] === fence[0] &&
        marker.length >= fence.length &&
        line.trim() === marker
      )
        fence = undefined;
      return '';
    })
    .join('\n');
}

/** Prose without its code spans, which may run over a line break. */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, ' ');
}

/** The targets of a file's inline links, `[text](target)`. */
function linkTargets(markdown: string): string[] {
  const text = withoutCodeSpans(prose(markdown));
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** A heading's anchor as GitHub makes it (github-slugger): the rendered text, lower case, punctuation out, spaces as hyphens. */
function slug(heading: string): string {
  const rendered = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/\*/g, '');
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a file's headings give, repeats numbered as GitHub numbers them. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of prose(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

const isRelative = (target: string) => !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target);

describe('the README', () => {
  it(`is an entry of at most ${MAX_README_LINES} lines`, () => {
    const lines = readFileSync(README_FILE, 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('links to every page under docs/', () => {
    const linked = new Set(
      linkTargets(readFileSync(README_FILE, 'utf8'))
        .filter(isRelative)
        .map((target) => resolve(REPO_ROOT, target.split('#')[0]!)),
    );
    expect(pageFiles.length).toBeGreaterThan(0);
    for (const page of pageFiles) expect(linked, relative(REPO_ROOT, page)).toContain(page);
  });

  it('has the pages test/support/docs.ts names, and no other', () => {
    expect(pageFiles.map((file) => relative(DOCS_DIR, file))).toEqual(
      DOCS_PAGES.map((page) => `${page}.md`).sort(),
    );
  });
});

describe.each(files.map((file) => [relative(REPO_ROOT, file), file]))('%s', (_name, file) => {
  it('has relative links that lead to existing files and their headings', () => {
    const targets = linkTargets(readFileSync(file, 'utf8')).filter(isRelative);
    const broken: string[] = [];
    for (const target of targets) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const linked = path === '' ? file : resolve(dirname(file), decodeURI(path));
      if (!existsSync(linked)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!linked.endsWith('.md')) {
        broken.push(`${target}: an anchor into a file that is not markdown`);
        continue;
      }
      if (!anchors(readFileSync(linked, 'utf8')).has(decodeURIComponent(anchor)))
        broken.push(`${target}: no heading of ${relative(REPO_ROOT, linked)} has that anchor`);
    }
    expect(broken).toEqual([]);
  });
});

describe('the link checks themselves', () => {
  it('find links, with their text over a line break, but not in code', () => {
    const markdown = [
      'See [a page](docs/a.md) and [two',
      'lines](b.md#part), not `[code](c.md)`.',
      '```md',
      '[fenced](d.md)',
      '```',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual(['docs/a.md', 'b.md#part']);
  });

  it("make GitHub's anchors", () => {
    const markdown = [
      '# The fake server and `npm run demo`',
      '## A config file, and `--watch`',
      '## Design choices',
      '## Design choices',
      '```',
      '## 2.0.0',
      '```',
      '#/properties/power is no heading',
    ].join('\n');
    expect([...anchors(markdown)]).toEqual([
      'the-fake-server-and-npm-run-demo',
      'a-config-file-and---watch',
      'design-choices',
      'design-choices-1',
    ]);
  });
});
