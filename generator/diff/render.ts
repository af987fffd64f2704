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

function groupTitle(group: ChangeGroup): string {
  return group.operation
    ? `${group.operation.location}  ${group.operation.client}`
    : 'Exported names';
}

export function renderText(report: ChangeReport): string {
  const lines = [
    `Public surface of ${report.head.label} (API ${report.head.version}) compared with ${report.base.label} (API ${report.base.version})`,
    summaryLine(report),
    releaseLine(report),
  ];
  for (const group of groupChanges(report.changes)) {
    lines.push('', groupTitle(group));
    for (const change of group.changes)
      lines.push(`  ${change.verdict.padEnd(10)}  ${describeChange(change)}${why(change, ' — ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Breaking changes say why, so a reader knows what to fix; compatible ones need no advice. */
function why(change: ClassifiedChange, separator: string): string {
  return change.verdict === 'breaking' ? `${separator}${change.rule.reason}` : '';
}

export function renderMarkdown(report: ChangeReport): string {
  // In the changelog (a package release) the heading is the package's version; in a pull request, the API's.
  const { release, base, head } = report;
  const heading = release ? `## ${release.next}` : `## API ${head.version}`;
  const compared = release ? `API ${head.version}.` : `Compared with API ${base.version}.`;
  const lines = [heading, '', `${compared} ${summaryLine(report)} ${releaseLine(report)}`];
  for (const verdict of ['breaking', 'compatible'] as const) {
    const changes = report.changes.filter((c) => c.verdict === verdict);
    lines.push('', `### ${verdict === 'breaking' ? 'Breaking' : 'Compatible'} changes`, '');
    if (changes.length === 0) lines.push('None.');
    for (const group of groupChanges(changes)) {
      const title = group.operation
        ? `\`${group.operation.location}\` (\`${group.operation.client}\`)`
        : 'Exported names';
      lines.push(`- ${title}`);
      for (const change of group.changes)
        lines.push(`  - ${describeChange(change)}${why(change, ': ')}`);
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
      location: c.entry.location,
      side: c.entry.side,
      change: c.kind,
      ...(c.detail !== undefined ? { detail: c.detail } : {}),
      description: describeChange(c),
      reason: c.rule.reason,
    })),
  };
}
