/**
 * Prettier's layout algorithm, for the direct printers that build a statement's layout rather
 * than read it line by line (`print/direct/code.ts`). Prettier turns a syntax tree into a
 * document of groups, indents and line breaks, then prints it: a group goes on one line when
 * everything up to the next possible break fits in the width, else its lines break. The
 * printers here build the documents prettier builds for the constructs they know, and this
 * module prints them exactly as prettier's printer does (its `printDocToString`, `fits` and
 * `propagateBreaks`), so that text equal to prettier's comes out where the documents are equal.
 * Only what the direct printers build is here: no fill, align, line suffix or cursor.
 */

import { textWidth, Unvouched, WIDTH } from './text.js';

/** A layout: text, a sequence, or one of the layout commands below. */
export type Doc =
  | string
  | readonly Doc[]
  | Group
  | Indent
  | Line
  | IfBreak
  | IndentIfBreak
  | BreakParent
  | LineSuffix;

/**
 * Printed flat when it fits, else broken. `expandedStates` (prettier's conditional group) lists
 * layouts from the flattest to the most expanded; the first that fits is taken.
 */
export interface Group {
  readonly type: 'group';
  readonly contents: Doc;
  break: boolean;
  readonly id?: symbol;
  readonly expandedStates?: readonly Doc[];
  /**
   * A layout the printers know only flat: printing it broken is not vouched for (`Unvouched`),
   * so the statement goes to prettier. Prettier has no such thing; it only guards our tables.
   */
  readonly flatOnly?: boolean;
}

export interface Indent {
  readonly type: 'indent';
  readonly contents: Doc;
}

/** A space (or nothing, `soft`) when flat, a new line when broken; `hard` always breaks. */
export interface Line {
  readonly type: 'line';
  readonly soft: boolean;
  readonly hard: boolean;
  /** The spaces before it are kept (prettier's literal line aligned to the indentation). */
  readonly keepsSpaces?: boolean;
}

/** One text when the enclosing group (or the group `groupId`) is broken, another when flat. */
export interface IfBreak {
  readonly type: 'if-break';
  readonly breakContents: Doc;
  readonly flatContents: Doc;
  readonly groupId?: symbol;
}

/** Indented when the group `groupId` is broken. */
export interface IndentIfBreak {
  readonly type: 'indent-if-break';
  readonly contents: Doc;
  readonly groupId: symbol;
}

/** Breaks every group around it. */
export interface BreakParent {
  readonly type: 'break-parent';
}

/**
 * Text printed at the end of its line, where the next line break falls, and not measured
 * (prettier's `lineSuffix`: a trailing `// comment` does not make the code before it break).
 */
export interface LineSuffix {
  readonly type: 'line-suffix';
  readonly contents: string;
}

export function lineSuffix(contents: string): LineSuffix {
  return { type: 'line-suffix', contents };
}

export const line: Line = { type: 'line', soft: false, hard: false };
export const softline: Line = { type: 'line', soft: true, hard: false };
const hardLine: Line = { type: 'line', soft: false, hard: true };
export const breakParent: BreakParent = { type: 'break-parent' };
export const hardline: Doc = [hardLine, breakParent];
/**
 * A hard line that keeps the spaces ending the line before it: prettier ends a JSDoc line
 * holding a Markdown hard break so (`align({ type: 'root' }, literalline)`), the next line
 * indented as the comment.
 */
export const spacesKeepingHardline: Doc = [
  { type: 'line', soft: false, hard: true, keepsSpaces: true },
  breakParent,
];

export function group(
  contents: Doc,
  options: {
    shouldBreak?: boolean;
    id?: symbol;
    expandedStates?: readonly Doc[];
    flatOnly?: boolean;
  } = {},
): Group {
  // Every group has every field (unset ones undefined): one object shape for the printer to read.
  return {
    type: 'group',
    contents,
    break: options.shouldBreak ?? false,
    flatOnly: options.flatOnly,
    id: options.id,
    expandedStates: options.expandedStates,
  };
}

/** Prettier's `conditionalGroup`: the first of `states` that fits, else the last, broken. */
export function conditionalGroup(states: readonly Doc[]): Group {
  return group(states[0]!, { expandedStates: states });
}

export function indent(contents: Doc): Indent {
  return { type: 'indent', contents };
}

export function ifBreak(breakContents: Doc, flatContents: Doc = '', groupId?: symbol): IfBreak {
  return { type: 'if-break', breakContents, flatContents, groupId };
}

export function indentIfBreak(contents: Doc, groupId: symbol): IndentIfBreak {
  return { type: 'indent-if-break', contents, groupId };
}

/** `parts` with `separator` between them. */
export function join(separator: Doc, parts: readonly Doc[]): Doc[] {
  const out: Doc[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(separator);
    out.push(part);
  });
  return out;
}

/**
 * Marks every group that holds a hard line (or a `breakParent`) as broken, and the groups
 * around it: prettier does this before printing, so a group is never measured as flat when
 * it cannot be. Returns whether `doc` holds one.
 */
export function propagateBreaks(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  if (Array.isArray(doc)) {
    const parts = doc as readonly Doc[];
    let found = false;
    for (let i = 0; i < parts.length; i++) if (propagateBreaks(parts[i]!)) found = true;
    return found;
  }
  const command = doc as Exclude<Doc, string | readonly Doc[]>;
  switch (command.type) {
    case 'break-parent':
      return true;
    case 'line':
    case 'line-suffix':
      return false;
    case 'group': {
      const states = command.expandedStates;
      if (states === undefined) {
        if (propagateBreaks(command.contents)) command.break = true;
        return command.break;
      }
      // Prettier does not break a conditional group for what it holds: its states say how.
      for (let i = 0; i < states.length; i++) propagateBreaks(states[i]!);
      return command.break;
    }
    case 'if-break': {
      const inBreak = propagateBreaks(command.breakContents);
      const inFlat = propagateBreaks(command.flatContents);
      return inBreak || inFlat;
    }
    case 'indent':
    case 'indent-if-break':
      return propagateBreaks(command.contents);
  }
}

/** Whether `doc` holds a broken group or a hard line (prettier's `willBreak`). */
export function willBreak(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  if (Array.isArray(doc)) return (doc as readonly Doc[]).some(willBreak);
  const command = doc as Exclude<Doc, string | readonly Doc[]>;
  switch (command.type) {
    case 'break-parent':
      return true;
    case 'line-suffix':
      return false;
    case 'line':
      return command.hard;
    case 'group':
      return command.break || willBreak(command.contents);
    case 'if-break':
      return willBreak(command.breakContents) || willBreak(command.flatContents);
    case 'indent':
    case 'indent-if-break':
      return willBreak(command.contents);
  }
}

type Mode = 'break' | 'flat';

/**
 * The printer's work list (prettier's `cmds`), as three parallel stacks rather than an object
 * per entry: a statement's document has a part for every token, and printing and measuring
 * push each of them, often more than once (`fits` reads the rest of the line again for every
 * group). Allocating an entry for each was most of the printer's garbage.
 */
class Commands {
  readonly indentations: number[] = [];
  readonly modes: Mode[] = [];
  readonly docs: Doc[] = [];

  get length(): number {
    return this.docs.length;
  }

  push(indentation: number, mode: Mode, doc: Doc): void {
    this.indentations.push(indentation);
    this.modes.push(mode);
    this.docs.push(doc);
  }

  /** Removes the top entry; read its parts first. */
  pop(): void {
    this.indentations.pop();
    this.modes.pop();
    this.docs.pop();
  }

  /** The parts of `parts`, last pushed first, so that they are taken in order. */
  pushParts(indentation: number, mode: Mode, parts: readonly Doc[]): void {
    for (let i = parts.length - 1; i >= 0; i--) this.push(indentation, mode, parts[i]!);
  }
}

/** `fits`' own work list: modes and documents (it needs no indentation). */
const measuring: { modes: Mode[]; docs: Doc[] } = { modes: [], docs: [] };

/**
 * Whether `firstDoc` in `firstMode`, followed by the rest of the line from `rest`, fits in `width`
 * columns: prettier's `fits`, which measures up to the first line that breaks.
 */
function fits(
  firstMode: Mode,
  firstDoc: Doc,
  rest: Commands,
  width: number,
  groupModes: ReadonlyMap<symbol, Mode>,
): boolean {
  let restIndex = rest.length;
  // Not reentrant: nothing it calls measures again. Emptied on the way in (a throw may leave it full).
  const modes = measuring.modes;
  const docs = measuring.docs;
  modes.length = 0;
  docs.length = 0;
  modes.push(firstMode);
  docs.push(firstDoc);
  while (width >= 0) {
    if (docs.length === 0) {
      if (restIndex === 0) return true;
      restIndex--;
      modes.push(rest.modes[restIndex]!);
      docs.push(rest.docs[restIndex]!);
      continue;
    }
    const mode = modes.pop()!;
    const doc = docs.pop()!;
    if (typeof doc === 'string') {
      width -= textWidth(doc) ?? unvouched();
      continue;
    }
    if (Array.isArray(doc)) {
      const parts = doc as readonly Doc[];
      for (let i = parts.length - 1; i >= 0; i--) {
        modes.push(mode);
        docs.push(parts[i]!);
      }
      continue;
    }
    const command = doc as Exclude<Doc, string | readonly Doc[]>;
    switch (command.type) {
      case 'indent':
      case 'indent-if-break':
        modes.push(mode);
        docs.push(command.contents);
        break;
      case 'group': {
        const groupMode: Mode = command.break ? 'break' : mode;
        const contents =
          command.expandedStates && groupMode === 'break'
            ? command.expandedStates[command.expandedStates.length - 1]!
            : command.contents;
        modes.push(groupMode);
        docs.push(contents);
        break;
      }
      case 'if-break': {
        const groupMode =
          command.groupId === undefined ? mode : (groupModes.get(command.groupId) ?? 'flat');
        modes.push(mode);
        docs.push(groupMode === 'break' ? command.breakContents : command.flatContents);
        break;
      }
      case 'line':
        if (mode === 'break' || command.hard) return true;
        if (!command.soft) width--;
        break;
      case 'break-parent':
      case 'line-suffix':
        break;
    }
  }
  return false;
}

/**
 * `doc` printed at the house width, as prettier's `printDocToString` prints it (two-space
 * indentation, trailing spaces trimmed at each line end). Text must be ASCII: its width is
 * its length (the builders refuse other text).
 */
export function printDoc(doc: Doc, width = WIDTH): string {
  propagateBreaks(doc);
  const groupModes = new Map<symbol, Mode>();
  const commands = new Commands();
  commands.push(0, 'break', doc);
  const out: string[] = [];
  // Line suffixes waiting for the end of their line.
  const suffixes: string[] = [];
  let position = 0;
  let remeasure = false;
  let unknownPosition = false;
  while (commands.length > 0) {
    const top = commands.length - 1;
    const indentation = commands.indentations[top]!;
    const mode = commands.modes[top]!;
    const current = commands.docs[top]!;
    commands.pop();
    if (typeof current === 'string') {
      out.push(current);
      // A text whose width is not known (a JSDoc line, say) is harmless when a line break
      // follows before anything is measured; a layout decided after it on its line is not.
      const textColumns = textWidth(current);
      if (textColumns === undefined) unknownPosition = true;
      else position += textColumns;
      continue;
    }
    if (Array.isArray(current)) {
      commands.pushParts(indentation, mode, current as readonly Doc[]);
      continue;
    }
    const command = current as Exclude<Doc, string | readonly Doc[]>;
    switch (command.type) {
      case 'indent':
        commands.push(indentation + 2, mode, command.contents);
        break;
      case 'group': {
        if (mode === 'flat' && !remeasure) {
          commands.push(indentation, command.break ? 'break' : 'flat', command.contents);
        } else {
          remeasure = false;
          if (unknownPosition) unvouched();
          const room = width - position;
          if (!command.break && fits('flat', command.contents, commands, room, groupModes))
            commands.push(indentation, 'flat', command.contents);
          else if (command.expandedStates) {
            const states = command.expandedStates;
            const mostExpanded = states[states.length - 1]!;
            if (command.break) commands.push(indentation, 'break', mostExpanded);
            else {
              let chosen: Doc | undefined;
              for (let i = 1; i < states.length; i++) {
                if (fits('flat', states[i]!, commands, room, groupModes)) {
                  chosen = states[i]!;
                  break;
                }
              }
              if (chosen === undefined) commands.push(indentation, 'break', mostExpanded);
              else commands.push(indentation, 'flat', chosen);
            }
          } else commands.push(indentation, 'break', command.contents);
        }
        const chosenMode = commands.modes[commands.length - 1]!;
        if (command.flatOnly && chosenMode === 'break') throw new Unvouched();
        if (command.id !== undefined) groupModes.set(command.id, chosenMode);
        break;
      }
      case 'if-break':
      case 'indent-if-break': {
        const groupMode = command.groupId === undefined ? mode : groupModes.get(command.groupId);
        if (command.type === 'if-break') {
          const contents =
            groupMode === 'break'
              ? command.breakContents
              : groupMode === 'flat'
                ? command.flatContents
                : undefined;
          if (contents !== undefined) commands.push(indentation, mode, contents);
        } else if (groupMode === 'break') commands.push(indentation + 2, mode, command.contents);
        else if (groupMode === 'flat') commands.push(indentation, mode, command.contents);
        break;
      }
      case 'line':
        if (mode === 'flat' && !command.hard) {
          if (!command.soft) {
            out.push(' ');
            position++;
          }
          break;
        }
        if (mode === 'flat') remeasure = true;
        out.push(...suffixes.splice(0));
        if (!command.keepsSpaces) trimEnd(out);
        out.push('\n' + ' '.repeat(indentation));
        position = indentation;
        unknownPosition = false;
        break;
      case 'break-parent':
        break;
      case 'line-suffix':
        suffixes.push(command.contents);
        break;
    }
  }
  out.push(...suffixes);
  return out.join('');
}

function unvouched(): never {
  throw new Unvouched();
}

/** Drops the spaces that end the text printed so far: prettier trims them at each line end. */
function trimEnd(out: string[]): void {
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    // Most texts end in neither: nothing to trim.
    const end = last.charCodeAt(last.length - 1);
    if (end !== 0x20 && end !== 0x09 && last !== '') return;
    const trimmed = last.replace(/[ \t]+$/, '');
    if (trimmed !== '') {
      out[out.length - 1] = trimmed;
      return;
    }
    out.pop();
  }
}
