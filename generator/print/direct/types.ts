/**
 * Type declarations in the house format without asking prettier (issue 37), for the shapes the
 * type writer prints: an interface of documented properties (`name?: Type;`, an index
 * signature) and a type alias (of at most one type parameter), their types made of names,
 * literals, generics, arrays, `readonly` arrays, unions, intersections, `{ [key: string]: T }`
 * and, as a union's member, a conditional type (the enums module's `OpenEnum`).
 *
 * A declaration is vouched when every line of it is read here and printed back as prettier
 * prints it: flat when it fits in the print width; else, for a union of plain members, the
 * union on the line below (prettier breaks the group around it first), and when it does not
 * fit there either one member a line with a leading `|` (its own group breaks as a whole); a
 * member's generic of one argument broken inside its brackets; an alias's type that cannot
 * break on the line below its `=`. Anything else (a member that would need breaking inside, a
 * blank line, a key prettier might unquote, an empty body) leaves the declaration to
 * prettier. Checked against prettier in test/emit/print-direct.test.ts and
 * test/emit/print-direct-types.test.ts.
 */
import {
  overWidth,
  quoted,
  TokenReader,
  trimmedDocComment,
  Unvouched,
  width,
  WIDTH,
  type VouchedLines,
} from './text.js';

type TypeNode =
  | { kind: 'name'; text: string }
  | { kind: 'literal'; text: string }
  | { kind: 'generic'; name: string; args: TypeNode[] }
  | { kind: 'array'; element: TypeNode }
  | { kind: 'readonly'; operand: TypeNode }
  | { kind: 'union'; members: TypeNode[] }
  | { kind: 'object'; members: { head: string; type: TypeNode }[] }
  | { kind: 'intersection'; members: TypeNode[] }
  | { kind: 'conditional'; check: string; extends: TypeNode; then: TypeNode; else: TypeNode };

/** Types prettier treats specially beside one other in a union (it hugs the pair). */
const VOID = new Set(['null', 'undefined', 'void']);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const TOKEN =
  /\s*("(?:[^"\\\n]|\\.)*"|'[^'"\\\n]*'|[A-Za-z_$][\w$]*|(?:0|[1-9]\d*)(?:\.\d*[1-9])?(?![\w$.])|[|&<>,[\]{}:;().?=-])/y;

class TypeReader extends TokenReader {
  private conditionalDepth = 0;

  constructor(text: string) {
    super(text, TOKEN);
  }

  identifier(): string {
    const token = this.next();
    if (!IDENTIFIER.test(token)) throw new Unvouched();
    return token;
  }

  /**
   * A member's head as prettier prints it, through its colon: `[key: string]:`, or a key,
   * `readonly` before it and `?` after it as written.
   */
  memberHead(): string {
    if (this.peek() === '[') {
      this.next();
      const key = this.identifier();
      this.expect(':');
      const keyType = this.next();
      if (keyType !== 'string' && keyType !== 'number') throw new Unvouched();
      this.expect(']');
      this.expect(':');
      return `[${key}: ${keyType}]:`;
    }
    const readonly = this.peek() === 'readonly' && this.peek(1) !== ':' && this.peek(1) !== '?';
    if (readonly) this.next();
    const token = this.next();
    let key: string;
    if (token.startsWith('"') || token.startsWith("'")) {
      // Kept quoted only when prettier must keep the quotes: with babel-ts it unquotes a key
      // that is an identifier only (`isStringKeySafeToUnquote`), so a key starting with a digit
      // stays quoted. A number (which other parsers unquote), a key of other letters or
      // escapes is its call.
      const value = token.slice(1, -1);
      if (
        IDENTIFIER.test(value) ||
        /^(?:\d+|\d+\.\d+)$/.test(value) ||
        !/^[\x20-\x7e]*$/.test(value) ||
        value.includes('\\')
      )
        throw new Unvouched();
      key = quoted(token);
    } else if (IDENTIFIER.test(token)) key = token;
    else throw new Unvouched();
    const optional = this.peek() === '?';
    if (optional) this.next();
    this.expect(':');
    return `${readonly ? 'readonly ' : ''}${key}${optional ? '?' : ''}:`;
  }

  /** A type: one operand, or a union of operands (no leading `|`, no union directly inside). */
  type(): TypeNode {
    const first = this.intersection();
    if (this.peek() !== '|') {
      // A conditional type is read only as a union's member, where prettier keeps its parentheses.
      if (first.kind === 'conditional') throw new Unvouched();
      return first;
    }
    const members = [first];
    while (this.peek() === '|') {
      this.next();
      members.push(this.intersection());
    }
    return { kind: 'union', members };
  }

  /** Operands joined by `&`, read only in a conditional type's parts: never a conditional type among them. */
  private intersection(): TypeNode {
    const first = this.operand();
    if (this.peek() !== '&') return first;
    if (this.conditionalDepth === 0) throw new Unvouched();
    const members = [first];
    while (this.peek() === '&') {
      this.next();
      members.push(this.operand());
    }
    if (members.some((member) => member.kind === 'conditional')) throw new Unvouched();
    return { kind: 'intersection', members };
  }

  /**
   * A conditional type in parentheses, after its check type (a name): its branches hold no
   * conditional type (prettier breaks a chain of them).
   */
  private conditional(check: TypeNode): TypeNode {
    if (check.kind !== 'name') throw new Unvouched();
    this.expect('extends');
    this.conditionalDepth++;
    const extendsType = this.type();
    this.expect('?');
    const then = this.type();
    this.expect(':');
    const otherwise = this.type();
    this.conditionalDepth--;
    this.expect(')');
    if ([extendsType, then, otherwise].some(hasConditional)) throw new Unvouched();
    return { kind: 'conditional', check: check.text, extends: extendsType, then, else: otherwise };
  }

  /** An alias's type parameters, `<T extends C>`: one, its constraint printed flat. */
  typeParameters(): string {
    this.expect('<');
    const name = this.identifier();
    let constraint = '';
    if (this.peek() === 'extends') {
      this.next();
      constraint = ` extends ${printType(this.type())}`;
    }
    this.expect('>');
    return `<${name}${constraint}>`;
  }

  private operand(): TypeNode {
    if (this.peek() === 'readonly' && this.peek(1) !== '|') {
      this.next();
      const operand = this.operand();
      if (operand.kind !== 'array') throw new Unvouched();
      return { kind: 'readonly', operand };
    }
    let node = this.primary();
    while (this.peek() === '[') {
      this.next();
      this.expect(']');
      node = { kind: 'array', element: node };
    }
    return node;
  }

  private primary(): TypeNode {
    const token = this.next();
    if (token === '(') {
      // Parentheses only where prettier keeps them: around a union or `readonly` made an array,
      // and a conditional type (a union's member).
      const inner = this.type();
      if (this.peek() === 'extends') {
        const conditional = this.conditional(inner);
        if (this.peek() === '[') throw new Unvouched();
        return conditional;
      }
      this.expect(')');
      if (this.peek() !== '[' || (inner.kind !== 'union' && inner.kind !== 'readonly'))
        throw new Unvouched();
      return inner;
    }
    if (token === '{') {
      // A type literal on one line, as the type writer prints it: `{ a: T; [key: string]: U }`.
      const members: { head: string; type: TypeNode }[] = [];
      while (this.peek() !== '}') {
        if (members.length > 0) this.expect(';');
        if (this.peek() === '}') break;
        members.push({ head: this.memberHead(), type: this.type() });
      }
      this.next();
      return { kind: 'object', members };
    }
    if (token === '-') {
      const number = this.next();
      if (!/^\d/.test(number)) throw new Unvouched();
      return { kind: 'literal', text: `-${number}` };
    }
    if (token.startsWith('"') || token.startsWith("'"))
      return { kind: 'literal', text: quoted(token) };
    if (/^\d/.test(token)) return { kind: 'literal', text: token };
    if (!IDENTIFIER.test(token) || token === 'readonly' || token === 'typeof')
      throw new Unvouched();
    let name = token;
    while (this.peek() === '.') {
      this.next();
      name += `.${this.identifier()}`;
    }
    if (this.peek() !== '<') return { kind: 'name', text: name };
    this.next();
    const args = [this.type()];
    while (this.peek() === ',') {
      this.next();
      args.push(this.type());
    }
    this.expect('>');
    return { kind: 'generic', name, args };
  }
}

/** `type` as prettier prints it on one line. */
function printType(type: TypeNode): string {
  switch (type.kind) {
    case 'name':
    case 'literal':
      return type.text;
    case 'generic':
      return `${type.name}<${type.args.map(printType).join(', ')}>`;
    case 'array': {
      const element = printType(type.element);
      const wrap = type.element.kind === 'union' || type.element.kind === 'readonly';
      return wrap ? `(${element})[]` : `${element}[]`;
    }
    case 'readonly':
      return `readonly ${printType(type.operand)}`;
    case 'union':
      return type.members.map(printType).join(' | ');
    case 'intersection':
      return type.members.map(printType).join(' & ');
    case 'conditional':
      return `(${type.check} extends ${printType(type.extends)} ? ${printType(type.then)} : ${printType(type.else)})`;
    case 'object': {
      const members = type.members.map(({ head, type }) => `${head} ${printType(type)}`);
      return members.length === 0 ? '{}' : `{ ${members.join('; ')} }`;
    }
  }
}

/** Whether `type` holds a conditional type. */
function hasConditional(type: TypeNode): boolean {
  switch (type.kind) {
    case 'conditional':
      return true;
    case 'generic':
      return type.args.some(hasConditional);
    case 'array':
      return hasConditional(type.element);
    case 'readonly':
      return hasConditional(type.operand);
    case 'union':
    case 'intersection':
      return type.members.some(hasConditional);
    case 'object':
      return type.members.some((member) => hasConditional(member.type));
    default:
      return false;
  }
}

/** A type prettier prints as it is on any line: a name, a literal, an array of one. */
function isUnbreakable(type: TypeNode): boolean {
  if (type.kind === 'name' || type.kind === 'literal') return true;
  if (type.kind === 'readonly') return isUnbreakable(type.operand);
  return type.kind === 'array' && isUnbreakable(type.element);
}

/** A union member prettier puts on a line of its own as it is: no group of its own to break or hug. */
function isPlainMember(type: TypeNode): boolean {
  if (type.kind === 'name' || type.kind === 'literal') return true;
  return type.kind === 'array' && isPlainMember(type.element);
}

/**
 * A declaration's head and type as prettier prints them at `indent`: `head type;` when it
 * fits, else, for a union of plain members, the head alone and below it, indented one level
 * more, the union on one line when it fits there, else its members one a line, each after
 * `| `. Undefined when none fits.
 */
function typedLines(head: string, type: TypeNode, indent: number): string[] | undefined {
  const pad = ' '.repeat(indent);
  const flat = `${pad}${head} ${printType(type)};`;
  const over = overWidth(flat);
  if (over !== true) return over === false ? [flat] : undefined;
  // A member's generic, broken inside its brackets; an alias's is laid out as an assignment.
  if (type.kind === 'generic' && indent > 0) return genericLines(`${head} `, type, pad, ';');
  // An alias of a type with no break inside: prettier's assignment layout (fluid) breaks after
  // the `=` when the type does not fit beside it.
  if (indent === 0 && isUnbreakable(type)) {
    const below = `  ${printType(type)};`;
    return overWidth(below) === false ? [head, below] : undefined;
  }
  if (type.kind !== 'union') return undefined;
  // An alias's union may hold a conditional type when the union fits on the line below.
  const plain = type.members.every(isPlainMember);
  const flatOnly =
    indent === 0 && type.members.every((m) => isPlainMember(m) || m.kind === 'conditional');
  if (!plain && !flatOnly) return undefined;
  // A type with only `null` or `undefined` beside it prettier may keep on the head's line.
  const nonVoid = type.members.filter((m) => m.kind !== 'name' || !VOID.has(m.text));
  if (nonVoid.length < 2) return undefined;
  // The union's own group, flat on the line below the head when it fits there.
  const below = `${pad}  ${printType(type)};`;
  const belowOver = overWidth(below);
  if (belowOver !== true) return belowOver === false ? [`${pad}${head}`, below] : undefined;
  if (!plain) return undefined;
  const broken = [
    `${pad}${head}`,
    ...type.members.map((member, i) => {
      const end = i === type.members.length - 1 ? ';' : '';
      return `${pad}  | ${printType(member)}${end}`;
    }),
  ];
  return broken.every((line) => width(line) <= WIDTH) ? broken : undefined;
}

/**
 * A generic of one type argument, after `lead` at `pad` and before `suffix`, as prettier prints
 * it: flat when it fits, else its argument alone between the brackets, indented one level
 * more (`printTypeParameters`; it hugs only a simple or object argument, which this is not):
 * a union flat when it fits there, else one member a line after `| ` (in brackets a union is
 * not indented again), or a generic laid out the same way. Undefined when none fits.
 */
function genericLines(
  lead: string,
  type: TypeNode,
  pad: string,
  suffix: string,
): string[] | undefined {
  const flat = `${pad}${lead}${printType(type)}${suffix}`;
  const over = overWidth(flat);
  if (over !== true) return over === false ? [flat] : undefined;
  if (type.kind !== 'generic' || type.args.length !== 1) return undefined;
  const arg = type.args[0]!;
  const inner = `${pad}  `;
  let argLines: string[] | undefined;
  if (arg.kind === 'generic') argLines = genericLines('', arg, inner, '');
  else if (arg.kind === 'union' && arg.members.every(isPlainMember)) {
    const nonVoid = arg.members.filter((m) => m.kind !== 'name' || !VOID.has(m.text));
    if (nonVoid.length < 2) return undefined;
    const union = `${inner}${printType(arg)}`;
    const unionOver = overWidth(union);
    if (unionOver === undefined) return undefined;
    argLines = unionOver ? arg.members.map((member) => `${inner}| ${printType(member)}`) : [union];
  }
  if (argLines === undefined || argLines.some((line) => width(line) > WIDTH)) return undefined;
  return [`${pad}${lead}${type.name}<`, ...argLines, `${pad}>${suffix}`];
}

/** One member line of an interface (without its indentation) as prettier prints it at `indent`. */
function memberLines(content: string, indent: number): string[] {
  const r = new TypeReader(content);
  const head = r.memberHead();
  const type = r.type();
  r.expect(';');
  if (!r.done()) throw new Unvouched();
  const lines = typedLines(head, type, indent);
  if (lines === undefined) throw new Unvouched();
  return lines;
}

/**
 * `memberLines` for an interface's member, read once per distinct member in `seen` (null: not
 * vouched): a types module repeats most of its members (`id: string;`, two in three of Star
 * Trek's), and a member's lines are its own.
 */
function interfaceMemberLines(
  content: string,
  seen: Map<string, readonly string[] | null>,
): readonly string[] {
  let known = seen.get(content);
  if (known === undefined) {
    try {
      known = memberLines(content, 2);
    } catch (error) {
      if (!(error instanceof Unvouched)) throw error;
      known = null;
    }
    seen.set(content, known);
  }
  if (known === null) throw new Unvouched();
  return known;
}

const INTERFACE = /^(?:export )?interface [A-Za-z_$][\w$]* \{$/;
const ALIAS = /^((?:export )?type [A-Za-z_$][\w$]*)(<[^=]*>)? = (.*;)$/;

/**
 * A top-level interface or type alias (with its JSDoc) starting at line `start`, when every
 * line of it is vouched: its printed lines and the line after it.
 */
export function vouchedTypeDeclaration(
  lines: readonly string[],
  start: number,
  members: Map<string, readonly string[] | null> = new Map(),
): VouchedLines | undefined {
  try {
    const doc = trimmedDocComment(lines, start, '');
    if (doc === undefined) return undefined;
    const printed = [...doc.printed];
    let i = doc.end;
    const head = lines[i];
    if (head === undefined) return undefined;
    const alias = ALIAS.exec(head);
    if (alias) {
      const [, name, parameters, body] = alias;
      let aliasHead = `${name!} =`;
      if (parameters !== undefined) {
        const p = new TypeReader(parameters);
        aliasHead = `${name!}${p.typeParameters()} =`;
        // A head too long for its line prettier breaks inside its brackets: its call.
        if (!p.done() || width(aliasHead) > WIDTH) return undefined;
      }
      const r = new TypeReader(body!);
      const type = r.type();
      r.expect(';');
      if (!r.done()) return undefined;
      const typed = typedLines(aliasHead, type, 0);
      if (typed === undefined) return undefined;
      return { printed: [...printed, ...typed], end: i + 1 };
    }
    if (!INTERFACE.test(head) || width(head) > WIDTH) return undefined;
    i++;
    // An empty body: prettier closes it on the head's line.
    if (lines[i] === '}') return { printed: [...printed, `${head}}`], end: i + 1 };
    printed.push(head);
    while (lines[i] !== '}') {
      const memberDoc = trimmedDocComment(lines, i, '  ');
      if (memberDoc === undefined) return undefined;
      printed.push(...memberDoc.printed);
      i = memberDoc.end;
      const line = lines[i];
      if (line === undefined || !line.startsWith('  ') || line[2] === ' ') return undefined;
      printed.push(...interfaceMemberLines(line.slice(2), members));
      i++;
    }
    printed.push('}');
    return { printed, end: i + 1 };
  } catch (error) {
    if (error instanceof Unvouched) return undefined;
    throw error;
  }
}
