/** Medians and ranges over repeated runs; the only statistics the report uses. */

export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('no samples to summarize');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

/** Element-wise a[i] / b[i]: ratios taken within one round, so a slow moment hits both sides. */
export function pairedRatios(a: readonly number[], b: readonly number[]): number[] {
  return a.map((value, i) => value / b[i]!);
}

/** Three significant digits, thousands grouped: 12 345, 1 234, 123, 12.3, 1.23. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return value
    .toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    .replace(/,/g, ' ');
}

/** `1 234 (1 100–1 300)`, with an optional unit after the median. */
export function formatSummary(
  summary: Summary,
  unit = '',
  format: (n: number) => string = formatNumber,
): string {
  const suffix = unit ? ` ${unit}` : '';
  if (summary.min === summary.max) return `${format(summary.median)}${suffix}`;
  return `${format(summary.median)}${suffix} (${format(summary.min)}–${format(summary.max)})`;
}

export function formatRatio(summary: Summary): string {
  return formatSummary(summary, '', (n) => `${n.toFixed(2)}×`);
}

/** Runs `fn` in rounds, rotating which entry goes first so no one always runs on a cold or hot machine. */
export function rotated<T>(items: readonly T[], round: number): T[] {
  const shift = round % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}
