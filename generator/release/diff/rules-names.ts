/**
 * The rules for what code names: operations, exported types and the package's other exports
 * (guards, error classes, enum members, the runtime). Part of the one table in `rules.ts`.
 */
import type { Rule } from './rules.js';

export const NAME_RULES: readonly Rule[] = [
  {
    id: 'operation-added',
    target: 'operation',
    kind: 'added',
    verdict: 'compatible',
    change: 'operation added',
    reason: 'a new method; existing code does not call it',
  },
  {
    id: 'operation-removed',
    target: 'operation',
    kind: 'removed',
    verdict: 'breaking',
    change: 'operation removed',
    reason: 'calls to it stop compiling',
  },
  {
    id: 'operation-moved',
    target: 'operation',
    kind: 'client-renamed',
    verdict: 'breaking',
    change: 'client method or function renamed (`x-sdk-method`, `operationId`)',
    reason: 'calls under the old name stop compiling',
  },
  {
    id: 'operation-deprecated',
    target: 'operation',
    kind: 'deprecated',
    verdict: 'compatible',
    change: 'operation deprecated',
    reason: 'it still works; editors strike it through',
  },
  {
    id: 'type-added',
    target: 'type',
    kind: 'added',
    verdict: 'compatible',
    change: 'exported type added',
    reason: 'nothing imports it yet',
  },
  {
    id: 'type-removed',
    target: 'type',
    kind: 'removed',
    verdict: 'breaking',
    change: 'exported type removed or renamed',
    reason: 'imports of it stop compiling',
  },
  {
    id: 'export-added',
    target: 'export',
    kind: 'added',
    verdict: 'compatible',
    change: 'other export added (a guard, error class, runtime name)',
    reason: 'nothing imports it yet',
  },
  {
    id: 'export-removed',
    target: 'export',
    kind: 'removed',
    verdict: 'breaking',
    change: 'other export removed or renamed (generator changes too)',
    reason: 'imports of it stop compiling',
  },
  {
    id: 'export-member-added',
    target: 'export',
    kind: 'value-added',
    verdict: 'compatible',
    change: 'member of an exported enum or constant added',
    reason: 'code written before does not use it',
  },
  {
    id: 'export-member-removed',
    target: 'export',
    kind: 'value-removed',
    verdict: 'breaking',
    change:
      'member of an exported enum or constant removed or renamed (`ConnectorType.Iec62196T2`)',
    reason: 'code that names it stops compiling',
  },
  {
    id: 'export-kind-changed',
    target: 'export',
    kind: 'type-changed',
    verdict: 'breaking',
    change: 'export changed kind (a class became a function)',
    reason: 'code that uses it the old way stops compiling',
  },
];
