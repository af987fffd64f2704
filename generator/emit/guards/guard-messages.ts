/** What a guard's failure says was expected, in the words of the spec. */
import type { IrNumberType, IrStringType, View } from '../../ir/types.js';
import { REQUEST_ONLY_FORMATS } from '../../ir/views.js';

export function listValues(values: readonly (string | number)[]): string {
  const shown = values.slice(0, 6).map((v) => JSON.stringify(v));
  return values.length > 6 ? `${shown.join(', ')}, … (${values.length} values)` : shown.join(', ');
}

/** `integer from 1 to 5`: the bounds belong in the message, or `rates: 6` reads "expected integer, got integer". */
export function describeNumber(type: IrNumberType): string {
  const kind = type.integer ? 'integer' : 'number';
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = type;
  if (minimum !== undefined && maximum !== undefined)
    return `${kind} from ${minimum} to ${maximum}`;
  const bounds = [
    minimum !== undefined ? `at least ${minimum}` : '',
    exclusiveMinimum !== undefined ? `above ${exclusiveMinimum}` : '',
    maximum !== undefined ? `at most ${maximum}` : '',
    exclusiveMaximum !== undefined ? `below ${exclusiveMaximum}` : '',
  ].filter((b) => b.length > 0);
  return bounds.length > 0 ? `${kind} ${bounds.join(' and ')}` : kind;
}

/** `array of 1 to 3 items`. */
export function describeArray(minItems: number | undefined, maxItems: number | undefined): string {
  if (minItems !== undefined && minItems > 0 && maxItems !== undefined)
    return `array of ${minItems} to ${maxItems} items`;
  if (maxItems !== undefined) return `array of at most ${maxItems} items`;
  return `array of at least ${minItems} items`;
}

export function describeString(type: IrStringType, view: View): string {
  const parts: string[] = [];
  if (view === 'write' && type.format === 'binary') parts.push('Blob or string');
  else if (view === 'write' && type.format !== undefined && REQUEST_ONLY_FORMATS.has(type.format))
    parts.push(`${type.format} string`);
  else parts.push('string');
  if (type.minLength !== undefined && type.maxLength !== undefined)
    parts.push(`of ${type.minLength} to ${type.maxLength} characters`);
  else if (type.maxLength !== undefined) parts.push(`of at most ${type.maxLength} characters`);
  else if (type.minLength !== undefined) parts.push(`of at least ${type.minLength} characters`);
  if (type.pattern !== undefined) parts.push(`matching ${type.pattern}`);
  return parts.join(' ');
}
