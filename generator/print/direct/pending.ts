/**
 * The class members the statement layouts leave to prettier (`print/direct/code.ts`): how a
 * class printed here stands in for each, and how prettier's text for it is put in its place.
 */

import type { VouchedLines } from './text.js';

/**
 * A class member the tables do not hold, left to prettier: the class is printed here with a
 * marker line in its place, and the member is formatted as the sole member of a class of the
 * same header. Prettier prints a class's members one by one, each on its own lines (its
 * `printClassBody`: the member, then a hard line, and a second one after a blank line), so
 * the member's lines are the same there as in the whole class; the header is checked to
 * come out as here.
 */
export interface PendingMember {
  /** The line standing for the member in the printed class (a class body's indentation). */
  readonly marker: string;
  /** The class's header as printed here, flat (`export class A extends B`). */
  readonly header: string;
  /** The member's text with its JSDoc comments. */
  readonly text: string;
}

/** A vouched statement, with the class members (if any) still to be formatted by prettier. */
export interface VouchedStatement extends VouchedLines {
  readonly pending?: readonly PendingMember[];
}

/** A class body's indentation. */
export const MEMBER_INDENT = 2;

/** Starts the marker line of a pending member: no printed statement has a line like it. */
export const MEMBER_MARKER = '@pending-member-';

/**
 * The statement's lines with its pending members formatted by `format` (prettier) in place;
 * undefined when prettier's class does not have the expected header and closing line.
 */
export async function withPendingMembers(
  statement: VouchedStatement,
  format: (text: string) => Promise<string>,
): Promise<string[] | undefined> {
  let printed = statement.printed;
  for (const member of statement.pending ?? []) {
    const formatted = (await format(`${member.header} {\n${member.text}\n}\n`)).split('\n');
    if (
      formatted[0] !== `${member.header} {` ||
      formatted.length < 4 ||
      formatted[formatted.length - 2] !== '}' ||
      formatted[formatted.length - 1] !== ''
    )
      return undefined;
    const at = printed.indexOf(member.marker);
    if (at < 0 || printed.indexOf(member.marker, at + 1) >= 0) return undefined;
    printed = [...printed.slice(0, at), ...formatted.slice(1, -2), ...printed.slice(at + 1)];
  }
  return printed;
}
