/**
 * The change report as text (for a terminal or CI log), markdown (for a pull request and
 * the changelog) and JSON (for tools). Markdown names versions only, never where a spec
 * came from, so the same changes always give the same changelog entry.
 */
import {
  describeChange,
  groupChanges,
  releaseLine,
  summaryLine,
  type ChangeGroup,
} from './describe.js';
import { visible } from './markdown-text.js';
import { code, MARKDOWN, plain, renderPhrase, specText, TERMINAL, type Phrase } from './phrase.js';
import type { ChangeReport, ClassifiedChange } from './report.js';

export type ReportFormat = 'text' | 'markdown' | 'json';

export const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'markdown', 'json'];

export function renderReport(report: ChangeReport, format: ReportFormat): string {
  switch (format) {
    case 'text':
      return renderText(report);
    case 'markdown':
      return renderMarkdown(report);
    case 'json':
      return `${JSON.stringify(reportJson(report), null, 2)}\n`;
  }
}

export function renderText(report: ChangeReport): string {
  const text = (phrase: Phrase) => renderPhrase(phrase, TERMINAL);
  const { base, head } = report;
  const lines = [
    `Public surface of ${visible(head.label)} (API ${visible(head.version)}) compared with ${visible(base.label)} (API ${visible(base.version)})`,
    summaryLine(report),
    text(releaseLine(report)),
  ];
  for (const group of groupChanges(report.changes)) {
    const title = groupTitle(group, (location, client) => [
      specText(location),
      '  ',
      specText(client),
    ]);
    lines.push('', text(title));
    for (const change of group.changes)
      lines.push(
        `  ${change.verdict.padEnd(10)}  ${text(describeChange(change))}${why(change, ' — ')}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/** The operation and its client call, each in a format's own way, or `Exported names`. */
function groupTitle(
  group: ChangeGroup,
  title: (location: string, client: string) => Phrase,
): Phrase {
  return group.operation
    ? title(group.operation.location, group.operation.client)
    : ['Exported names'];
}

/** Breaking changes say why, so a reader knows what to fix; compatible ones need no advice. */
function why(change: ClassifiedChange, separator: string): string {
  return change.verdict === 'breaking' ? `${separator}${change.rule.reason}` : '';
}

/**
 * Every text from a spec goes through `MARKDOWN` (a code span, or words markdown reads
 * nothing in), so the lines, headings and list items are the ones written here whatever the
 * spec holds: a version cannot add a "No changes" line, nor a name hide the changes after it.
 */
export function renderMarkdown(report: ChangeReport): string {
  const md = (phrase: Phrase) => renderPhrase(phrase, MARKDOWN);
  // In the changelog (a package release) the heading is the package's version; in a pull request, the API's.
  const { release, base, head } = report;
  const heading = release
    ? md(['## ', specText(release.next)])
    : md(['## API ', specText(head.version)]);
  const compared = release
    ? md(['API ', specText(head.version), '.'])
    : md(['Compared with API ', specText(base.version), '.']);
  const lines = [heading, '', `${compared} ${summaryLine(report)} ${md(releaseLine(report))}`];
  for (const verdict of ['breaking', 'compatible'] as const) {
    const changes = report.changes.filter((c) => c.verdict === verdict);
    lines.push('', `### ${verdict === 'breaking' ? 'Breaking' : 'Compatible'} changes`, '');
    if (changes.length === 0) lines.push('None.');
    for (const group of groupChanges(changes)) {
      const title = groupTitle(group, (location, client) => [
        code(location),
        ' (',
        code(client),
        ')',
      ]);
      lines.push(`- ${md(title)}`);
      for (const change of group.changes)
        lines.push(`  - ${md(describeChange(change))}${why(change, ': ')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function reportJson(report: ChangeReport) {
  return {
    base: report.base,
    head: report.head,
    breaking: report.breaking,
    compatible: report.compatible,
    bump: report.bump,
    ...(report.release ? { release: report.release } : {}),
    changes: report.changes.map((c) => ({
      verdict: c.verdict,
      rule: c.rule.id,
      ...(c.within ? { operation: c.within.location, client: c.within.client } : {}),
      location: plain(c.entry.location),
      side: c.entry.side,
      change: c.kind,
      ...(c.detail !== undefined ? { detail: plain(c.detail) } : {}),
      description: plain(describeChange(c)),
      reason: c.rule.reason,
    })),
  };
}
