/**
 * Strings and numbers within a node's constraints: formats (date-time, date, uuid, email, uri,
 * decimal), lengths, patterns, bounds (exclusive ones too) and `multipleOf`. Integers stay
 * small unless the bounds say otherwise, so they fit `int32` and `int64` alike.
 */
import type { FormNumberNode, FormStringNode } from '../../runtime/core/standard-schema.js';
import { stringMatching } from './pattern.js';
import type { SeededRandom } from '../random.js';

const WORDS = [
  'alpha',
  'bravo',
  'delta',
  'echo',
  'golf',
  'kilo',
  'lima',
  'oscar',
  'sierra',
  'tango',
];

/** A word, for a value of any kind and a made-up key. */
export function sampleWord(random: SeededRandom): string {
  return random.pick(WORDS);
}

/** 2020-01-01T00:00:00Z: dates are drawn from the six years after it. */
const EPOCH = Date.UTC(2020, 0, 1);
const SIX_YEARS = 6 * 365 * 24 * 3600 * 1000;

export function sampleString(node: FormStringNode, random: SeededRandom): string {
  const min = node.minLength ?? 0;
  const max = node.maxLength ?? Math.max(min, 64);
  if (node.pattern !== undefined) {
    const found = stringMatching(node.pattern, random, { minLength: min, maxLength: max });
    if (found !== undefined) return found;
  }
  return fitLength(formatted(node, random), min, max);
}

function formatted(node: FormStringNode, random: SeededRandom): string {
  switch (node.format) {
    case 'date-time':
      // Whole seconds: the same text in every runtime's `toISOString`.
      return new Date(EPOCH + Math.floor((random.next() * SIX_YEARS) / 1000) * 1000)
        .toISOString()
        .replace('.000Z', 'Z');
    case 'date':
      return new Date(EPOCH + random.next() * SIX_YEARS).toISOString().slice(0, 10);
    case 'uuid':
      return random.uuid();
    case 'email':
      return `${random.pick(WORDS)}.${random.int(1, 999)}@example.com`;
    case 'uri':
      return `https://example.com/${random.pick(WORDS)}/${random.token(6)}`;
    case 'decimal':
      return `${random.int(0, 9999)}.${String(random.int(0, 99)).padStart(2, '0')}`;
    default:
      return `${random.pick(WORDS)} ${random.int(1, 999)}`;
  }
}

/** Padded with letters, or cut, to fit the lengths (UTF-16 units, as the guards count them). */
function fitLength(text: string, min: number, max: number): string {
  let out = text;
  while (out.length < min) out += 'x';
  return out.length > max ? out.slice(0, max) : out;
}

export function sampleNumber(node: FormNumberNode, random: SeededRandom): number {
  const integer = node.type === 'integer';
  let low = Math.max(node.minimum ?? -Infinity, bound(node.exclusiveMinimum, integer, 1));
  let high = Math.min(node.maximum ?? Infinity, bound(node.exclusiveMaximum, integer, -1));
  // Small and positive where the bounds allow: what a person would write as an example.
  if (low === -Infinity && high === Infinity) [low, high] = [1, 1000];
  else if (low === -Infinity) low = high > 0 ? Math.max(0, high - 1000) : high - 1000;
  else if (high === Infinity) high = low + 1000;
  const step = node.multipleOf ?? (integer ? 1 : 0);
  if (step > 0) {
    const first = Math.ceil(low / step);
    const last = Math.floor(high / step);
    if (first <= last) return round(random.int(first, Math.min(last, first + 1000)) * step, step);
  }
  if (integer) return random.int(Math.ceil(low), Math.floor(high));
  const value = Math.round((low + (high - low) * (0.1 + 0.8 * random.next())) * 100) / 100;
  return value > low && value < high ? value : (low + high) / 2;
}

/** An exclusive bound as an inclusive one: the next integer inside it, or a hair inside for numbers. */
function bound(value: number | undefined, integer: boolean, direction: 1 | -1): number {
  if (value === undefined) return direction * -Infinity;
  if (integer) return direction > 0 ? Math.floor(value) + 1 : Math.ceil(value) - 1;
  return value + direction * Math.max(Math.abs(value) * 1e-9, 1e-6);
}

/** `k * step` without the float noise `0.1 * 3` has, to the step's own decimals. */
function round(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number(value.toFixed(Math.min(decimals, 20)));
}
