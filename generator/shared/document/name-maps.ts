/**
 * Where a key is a name the author chose and where it is a keyword: inside a map of names
 * (properties, components, response headers, content…) `default`, `example` and `x-request-id`
 * are names like any other; elsewhere `x-` starts an extension. The validator's walk and the
 * IR's `$anchor` index read keys by these rules (the bundler has its own, by position, in
 * `load/split/positions.ts`).
 */
import { COMPONENT_KINDS } from './components.js';

/** Keys whose value is a map from names to objects. */
export const NAME_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'paths',
  'webhooks',
  ...COMPONENT_KINDS,
  'pathItems',
  'content',
  'encoding',
  'variables',
  'mapping',
]);

/**
 * Whether `key`, a member of the object that stands under `parentKey` (itself under
 * `grandparentKey`), is an extension. In a map of names it is one only where OpenAPI lets
 * the map carry extensions: the Paths Object and an operation's Responses Object.
 */
export function isExtensionKey(
  key: string,
  parentKey: string | undefined,
  grandparentKey: string | undefined,
): boolean {
  if (!key.startsWith('x-')) return false;
  if (parentKey === undefined || !NAME_MAPS.has(parentKey)) return true;
  return parentKey === 'paths' || (parentKey === 'responses' && grandparentKey !== 'components');
}
