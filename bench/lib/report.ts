/** The one table the run prints, and bench/RESULTS.md. */
import { formatRatio, formatSummary, type Summary } from './stats.js';

export interface Row {
  readonly subject: string;
  /** Median and min–max, with its unit. */
  readonly figure: string;
  /** The comparison this row is judged by, e.g. `1.93× (1.80×–2.05×) vs ajv`. */
  readonly ratio?: string;
}

export interface Target {
  readonly text: string;
  readonly met: boolean;
  readonly evidence: string;
}

export interface SectionResult {
  readonly title: string;
  readonly rows: readonly Row[];
  readonly targets: readonly Target[];
  /** What was measured and how, in a sentence or two each, for RESULTS.md. */
  readonly notes: readonly string[];
}

export function row(
  subject: string,
  figure: Summary,
  unit: string,
  ratio?: { summary: Summary; against: string },
): Row {
  return {
    subject,
    figure: formatSummary(figure, unit),
    ...(ratio ? { ratio: `${formatRatio(ratio.summary)} ${ratio.against}` } : {}),
  };
}

/** A row whose figure is itself a ratio, e.g. ours / hand-written. */
export function ratioRow(subject: string, ratio: Summary): Row {
  return { subject, figure: '', ratio: formatRatio(ratio) };
}

export function target(text: string, met: boolean, evidence: string): Target {
  return { text, met, evidence };
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

/** A plain-text table for the terminal: section, subject, figure, ratio. */
export function textTable(sections: readonly SectionResult[]): string {
  const lines: string[][] = [['', 'subject', 'median (min–max)', 'ratio (median, min–max)']];
  sections.forEach((section, i) => {
    section.rows.forEach((r, j) =>
      lines.push([j === 0 ? `${i + 1}. ${section.title}` : '', r.subject, r.figure, r.ratio ?? '']),
    );
  });
  const widths = lines[0]!.map((_, c) => Math.max(...lines.map((l) => [...l[c]!].length)));
  const out = lines.map((l) =>
    l
      .map((cell, c) => pad(cell, widths[c]!))
      .join('  ')
      .trimEnd(),
  );
  out.splice(1, 0, widths.map((w) => '─'.repeat(w)).join('  '));
  const targets = sections
    .flatMap((s) => s.targets)
    .map((t) => `${t.met ? 'met    ' : 'MISSED '} ${t.text} — ${t.evidence}`);
  return [...out, '', 'Targets:', ...targets].join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export interface Environment {
  readonly date: string;
  readonly lines: readonly string[];
}

export function markdown(
  env: Environment,
  sections: readonly SectionResult[],
  elapsedS: number,
): string {
  const out: string[] = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${env.date}, in ${Math.round(elapsedS)} s. Figures are medians with the min–max over`,
    'repeated runs in brackets; ratios are taken within each round (both sides measured back to back) and',
    'summarised the same way. Absolute times depend on the machine; compare the ratios.',
    '',
    '## Machine and versions',
    '',
    ...env.lines.map((l) => `- ${l}`),
    '',
    '## Targets',
    '',
    '| | target | evidence |',
    '|---|---|---|',
    ...sections
      .flatMap((s) => s.targets)
      .map((t) => `| ${t.met ? 'met' : '**missed**'} | ${cell(t.text)} | ${cell(t.evidence)} |`),
    '',
  ];
  sections.forEach((section, i) => {
    out.push(
      `## ${i + 1}. ${section.title}`,
      '',
      '| subject | median (min–max) | ratio (median, min–max) |',
      '|---|---|---|',
    );
    for (const r of section.rows)
      out.push(`| ${cell(r.subject)} | ${cell(r.figure)} | ${cell(r.ratio ?? '')} |`);
    out.push('');
    for (const note of section.notes) out.push(`- ${note}`);
    out.push('');
  });
  return out.join('\n');
}
