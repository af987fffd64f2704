/**
 * Flow type annotations out of React Native's JavaScript, the tiny step Metro's Babel preset
 * does before anything runs it: parse with flow-parser (the version React Native pins) and
 * blank every type-only range, so line and column numbers stay as in the source.
 */
import { parse } from 'flow-parser';

interface Node {
  readonly type: string;
  readonly range: readonly [number, number];
  readonly [key: string]: unknown;
}

/** Nodes that are types through and through: the whole range goes. */
const TYPE_ONLY = new Set([
  'TypeAnnotation',
  'TypeParameterDeclaration',
  'TypeParameterInstantiation',
  'TypeAlias',
  'OpaqueType',
  'InterfaceDeclaration',
  'DeclareClass',
  'DeclareFunction',
  'DeclareVariable',
  'DeclareModule',
  'DeclareTypeAlias',
  'DeclareExportDeclaration',
]);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function typeOnly(node: Node): boolean {
  if (TYPE_ONLY.has(node.type)) return true;
  // `import type X from`, `export type {X}`
  if (node.type === 'ImportDeclaration') return node['importKind'] !== 'value';
  if (node.type === 'ExportNamedDeclaration') return node['exportKind'] === 'type';
  return false;
}

function collect(node: Node, ranges: [number, number][]): void {
  if (typeOnly(node)) {
    ranges.push([node.range[0], node.range[1]]);
    return;
  }
  // `base?: string` is one Identifier whose range holds the `?` and the annotation: keep the name.
  if (node.type === 'Identifier' && (node['typeAnnotation'] || node['optional'])) {
    ranges.push([node.range[0] + String(node['name']).length, node.range[1]]);
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'range' || key === 'loc') continue;
    for (const child of Array.isArray(value) ? value : [value])
      if (isNode(child)) collect(child, ranges);
  }
}

export function stripFlow(source: string): string {
  const program = parse(source, {
    types: true,
    esproposal_decorators: true,
    enums: true,
    tokens: false,
  }) as Node;
  const errors = program['errors'] as readonly { message: string }[] | undefined;
  if (errors?.length) throw new Error(`flow-parser: ${errors.map((e) => e.message).join('; ')}`);
  const ranges: [number, number][] = [];
  collect(program, ranges);
  let out = '';
  let at = 0;
  for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    out += source.slice(at, start) + source.slice(start, end).replace(/[^\n]/g, ' ');
    at = end;
  }
  return out + source.slice(at);
}
