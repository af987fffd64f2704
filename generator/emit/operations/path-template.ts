/**
 * The path template a descriptor hands the runtime. It is the spec's path, except that a path
 * parameter written in another style than OpenAPI's default carries it the way RFC 6570 spells
 * it: `{.ids}` (label), `{;ids}` (matrix), and `*` for explode (`{;ids*}`), which
 * `renderPath` in templates/runtime/core/url.ts reads. The spec's own path stays in the IR, api.md
 * and the surface, where it is what readers know.
 */
import type { IrOperation } from '../../ir/types.js';

const OPERATORS = { label: '.', matrix: ';' } as const;

export function descriptorPath(op: Pick<IrOperation, 'path' | 'pathParameters'>): string {
  let path = op.path;
  for (const p of op.pathParameters) {
    // Explode changes the wire in the label and matrix styles, and for objects in the simple
    // style (`k=v,…`); a simple list is `a,b` either way.
    const explode = p.explode && (p.style !== undefined || p.form === 'object') ? '*' : '';
    // Path parameters only ever carry the path styles; the query styles are never here.
    const operator = p.style === 'label' || p.style === 'matrix' ? OPERATORS[p.style] : '';
    if (operator === '' && explode === '') continue;
    path = path.split(`{${p.name}}`).join(`{${operator}${p.name}${explode}}`);
  }
  return path;
}
