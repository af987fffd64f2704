/**
 * The scan that guards the YAML parser (`textTooDeep`) reads depth from the text alone; it
 * must agree with the parsed value's depth, or it would refuse a document within the limit
 * (or let one far past it reach the parser). Checked on seeded documents written in every
 * style the `yaml` package writes (block, indented or not, flow), with scalars that look like
 * structure (`a: b # [x`, `it's {`), and on the specs in the repository.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse, stringify, type ToStringOptions } from 'yaml';
import { firstTooDeep, textTooDeep } from '../../generator/load/depth.js';

/** The smallest limit the check does not find exceeded: the depth it sees. */
function depthSeen(tooDeep: (limit: number) => boolean): number {
  let limit = 1;
  while (tooDeep(limit)) limit += 1;
  return limit;
}

const scanned = (text: string) => depthSeen((l) => textTooDeep(text, l, l) !== undefined);
const parsed = (text: string) => depthSeen((l) => firstTooDeep(parse(text), l) !== undefined);

function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('the depth scan of a text', () => {
  it('sees the depth the parser gives, in every style', () => {
    const next = random(7);
    const draw = (depth: number): unknown => {
      const r = next();
      if (depth > 12 || r < 0.25) return next() < 0.5 ? 'a: b # [x' : next() < 0.5 ? "it's {" : 42;
      const size = Math.floor(next() * 3);
      if (r < 0.6) {
        return Object.fromEntries(
          Array.from({ length: size + 1 }, (_, i) => [`k${i}`, draw(depth + 1)]),
        );
      }
      return Array.from({ length: size }, () => draw(depth + 1));
    };
    const styles: ToStringOptions[] = [
      { indentSeq: false },
      { indentSeq: true },
      { collectionStyle: 'flow' },
      { indent: 4, indentSeq: false },
    ];
    for (let n = 0; n < 400; n += 1) {
      const text = stringify({ root: draw(0) }, styles[n % styles.length]);
      expect(scanned(text), text).toBe(parsed(text));
      const json = JSON.stringify(parse(text), null, n % 2 === 0 ? 2 : undefined);
      expect(scanned(json), json).toBe(parsed(text));
    }
  });

  it('sees the depth of our spec and of the fixtures', async () => {
    for (const file of [
      'spec/connect-api.yaml',
      'test/fixtures/corpus/drf-spectacular.yaml',
      'test/fixtures/corpus/springdoc.yaml',
      'test/fixtures/valid/petstore-3.0.yaml',
    ]) {
      const text = await readFile(file, 'utf8');
      expect(scanned(text), file).toBe(parsed(text));
    }
  });
});
