/**
 * Every identifier the generator writes goes through this file, so reserved words, odd
 * characters and collisions are handled in one place.
 */
import { CLIENT_ERROR_REASONS, reasonClassName } from '../shared/http-status.js';

/** Words that cannot name a binding in strict-mode TypeScript, and the literals. */
const KEYWORDS: ReadonlySet<string> = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'await',
]);

const RESERVED = new Set([
  ...KEYWORDS,
  'as',
  'async',
  'any',
  'boolean',
  'number',
  'string',
  'symbol',
  'object',
  'unknown',
  'never',
  'undefined',
  'type',
  'of',
  'arguments',
  'eval',
  'constructor',
  'prototype',
  '__proto__',
  // Global names a generated type must not shadow in the files that use them.
  'Array',
  'Object',
  'String',
  'Number',
  'Boolean',
  'Date',
  'Error',
  'Promise',
  'Record',
  'Response',
  'Request',
  'Headers',
  'URL',
  'Map',
  'Set',
  'Symbol',
  'JSON',
  'Partial',
  'Readonly',
]);

/** Splits `user_id`, `billing-details`, `PaginatedStationList` and `IEC_62196_T2` into words. */
export function words(raw: string): string[] {
  return raw
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function guardStart(identifier: string, fallback: string): string {
  if (identifier.length === 0) return fallback;
  return /^[0-9]/.test(identifier) ? `_${identifier}` : identifier;
}

/**
 * `fn` remembered by its argument. The same names come back many times in a run (a shared
 * parameter's on every operation that refers to it: GitHub's `owner` hundreds of times), and
 * each takes three regular expressions; the answers are strings, so sharing them is safe. A
 * long-lived process (tests, the watcher) starts over past `limit` names.
 */
function remembered(fn: (raw: string) => string, limit = 50_000): (raw: string) => string {
  const known = new Map<string, string>();
  return (raw) => {
    let answer = known.get(raw);
    if (answer === undefined) {
      if (known.size >= limit) known.clear();
      answer = fn(raw);
      known.set(raw, answer);
    }
    return answer;
  };
}

/** `billing-details` → `BillingDetails`; used for types and classes. */
export const pascalCase = remembered((raw: string): string => {
  const name = guardStart(words(raw).map(capitalize).join(''), 'Unnamed');
  return RESERVED.has(name) ? `${name}_` : name;
});

/** `user_id` → `userId`; used for functions, arguments and resource properties. */
export const camelCase = remembered((raw: string): string => {
  const parts = words(raw);
  const joined = parts
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : capitalize(w)))
    .join('');
  const name = guardStart(joined, 'unnamed');
  return RESERVED.has(name) ? `${name}_` : name;
});

/**
 * `billing-details` → `billingDetails`, for class members and properties
 * (`client.users.delete`): reserved words are fine there, except the few that mean
 * something on every object. Written as a person would write it: every word, an acronym
 * too, in lower case with its first letter capitalized after the first word (`SSH Keys` →
 * `sshKeys`, `getURLForID` → `getUrlForId`, `VPCs` → `vpcs`), and a leading number spelled
 * out (`1-Click Applications` → `oneClickApplications`): see {@link memberWords}.
 */
export function memberName(raw: string): string {
  const joined = memberWords(raw)
    .map((w, i) => (i === 0 ? w : capitalize(w)))
    .join('');
  const name = guardStart(joined, 'unnamed');
  return name === 'constructor' || name === 'prototype' ? `${name}_` : name;
}

/**
 * Mixed-case terms that are one word although their capitals would split them (`OAuth` would
 * read as `O Auth`, so `oAuth`). Each is matched where it is not inside a longer run of
 * capitals (or, for `iOS` and `macOS`, of letters) and not followed by more of its word.
 */
const ONE_WORD_TERMS =
  /(?<![A-Z])(?:OAuth|GraphQL|IPv4|IPv6)(?![a-z])|(?<![A-Za-z])(?:iOS|macOS)(?![a-z])/g;

/** Spelled numbers, for a name that starts with one: `1-Click` → `one click`. */
const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** `1` → `one`, `42` → `forty two`; none past 99 or with a leading zero (a year or a code does not read as words). */
function spelledNumber(digits: string): string[] | undefined {
  if (!/^(0|[1-9][0-9]?)$/.test(digits)) return undefined;
  const n = Number(digits);
  if (n < 20) return [UNITS[n]!];
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? [tens] : [tens, UNITS[n % 10]!];
}

/**
 * The words of a member name, each in lower case. Beyond {@link words}: an acronym is one word
 * (`SSH`, `URL`), and so is its plural (`VPCs`, `IDs`, which {@link words} reads as `VP Cs`);
 * a few mixed-case terms are one word (`OAuth`, `GraphQL`, `IPv6`, `iOS`); and a leading number of up to two digits is
 * spelled out (`1-Click` → `one click`, `3d_secure` → `three d secure`), as people say it:
 * `_1ClickApplications` is nobody's name. A longer number keeps the `_` that makes it legal.
 */
export function memberWords(raw: string): string[] {
  // The plain test first: the lookbehinds cost more than the whole split.
  const text = /OAuth|GraphQL|IPv|OS/.test(raw)
    ? raw.replace(ONE_WORD_TERMS, (term) => capitalize(term.toLowerCase()))
    : raw;
  const split = words(text);
  const merged: string[] = [];
  for (let i = 0; i < split.length; i++) {
    const next = split[i + 1];
    if (/^[A-Z]+$/.test(split[i]!) && next !== undefined && /^[A-Z]s$/.test(next)) {
      merged.push(split[i]! + next);
      i++;
    } else merged.push(split[i]!);
  }
  const lower = merged.map((w) => w.toLowerCase());
  const leading = /^([0-9]+)([a-z0-9]*)$/.exec(lower[0] ?? '');
  const spelled = leading ? spelledNumber(leading[1]!) : undefined;
  if (!leading || !spelled) return lower;
  return [...spelled, ...(leading[2] ? [leading[2]] : []), ...lower.slice(1)];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Whether a property name can be written without quotes. */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** A property key as written in a type or object literal: bare when possible, else quoted. */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : JSON.stringify(name);
}

/** A property access on `target`: `o.id` or `o["odd-name"]`. */
export function propertyAccess(target: string, name: string): string {
  return isIdentifier(name) && name !== '__proto__'
    ? `${target}.${name}`
    : `${target}[${JSON.stringify(name)}]`;
}

/**
 * The types every package exports as openapi-typescript 7 names them
 * (generator/emit/openapi-types/), whatever the document holds.
 */
export const OPENAPI_TYPE_NAMES = [
  'paths',
  'webhooks',
  'components',
  '$defs',
  'operations',
] as const;

/**
 * Declared by the emitters: openapi-typescript's types, the open-enum helper type, the client's metadata, the token
 * variable's name, and the error classes generated for declared statuses (every 4xx reason
 * phrase's, so the reservation does not depend on which statuses a spec declares).
 */
export const EMITTED_NAMES: readonly string[] = [
  ...OPENAPI_TYPE_NAMES,
  'OpenEnum',
  'CLIENT_META',
  'TOKEN_ENV_VAR',
  'STATUS_ERROR_CLASSES',
  ...Object.keys(CLIENT_ERROR_REASONS).map((status) => reasonClassName(Number(status))!),
];

const none = (): readonly string[] => [];

/** The client's members besides its resources: the runtime's `ClientCore` declares them. */
const CLIENT_MEMBERS: readonly string[] = ['baseUrl', 'request', 'toJSON', 'toString'];

/**
 * Hands out unique names within one scope: the second `User` becomes `User2`. Names are
 * claimed in document order, so the result is the same on every run.
 */
export class NameRegistry {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name);
  }

  /**
   * `wanted`, or it with the first number that makes it free. With `companions`, the names a
   * name brings with it (a schema's guards) must be free too, and are taken with it: a schema
   * `Input` would otherwise get a guard `checkInput` beside the runtime's own.
   */
  claim(wanted: string, companions: (name: string) => readonly string[] = none): string {
    const free = (name: string) =>
      !this.taken.has(name) && companions(name).every((other) => !this.taken.has(other));
    let name = wanted;
    for (let n = 2; !free(name); n++) name = `${wanted}${n}`;
    for (const taken of [name, ...companions(name)]) this.taken.add(taken);
    return name;
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }
}

/**
 * Keys of an enum's members in the generated const object, in the order of `values`. A value
 * that is a valid identifier and not a keyword is its own key (`ConnectorType.IEC_62196_T2`,
 * `PowerGroup.slow`), so the name a reader sees is the value on the wire. Any other value gets
 * a key derived from it by {@link derivedEnumMemberKey}. Wire-named keys are claimed first, so
 * a derived key never takes a name a value has; derived keys that clash get a numeric suffix.
 */
export function enumMemberKeys(values: readonly (string | number)[]): string[] {
  const keys = new NameRegistry();
  const own = values.map((value) => (isOwnEnumKey(value) ? keys.claim(value) : undefined));
  return values.map((value, i) => own[i] ?? keys.claim(derivedEnumMemberKey(value)));
}

function isOwnEnumKey(value: string | number): value is string {
  // `__proto__` in an object literal sets the prototype; `constructor` and `prototype` mean something on every object.
  return (
    typeof value === 'string' &&
    isIdentifier(value) &&
    !KEYWORDS.has(value) &&
    !['__proto__', 'constructor', 'prototype'].includes(value)
  );
}

/**
 * Key of an enum member whose value cannot be its own key: `a-b` → `AB`,
 * `2fa` → `Value2fa`, `IEC 60309-2` → `Iec60309_2` (an underscore keeps digit groups apart),
 * `default` → `Default`.
 */
export function derivedEnumMemberKey(value: string | number): string {
  const parts = words(String(value)).map(
    (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
  );
  let key = '';
  for (const part of parts) {
    if (/[0-9]$/.test(key) && /^[0-9]/.test(part)) key += '_';
    key += part;
  }
  if (key.length === 0) return 'Empty';
  return /^[0-9]/.test(key) ? `Value${key}` : key;
}

/** `PowerGroup` → `POWER_GROUP`. */
export function constantCase(name: string): string {
  return words(name)
    .map((w) => w.toUpperCase())
    .join('_');
}

/** `Connect API` → `ConnectClient`: the client class, named after the document's title. */
export function clientClassName(title: string): string {
  const rest = words(title)
    .filter((w) => w.toLowerCase() !== 'api')
    .join(' ');
  return `${pascalCase(rest || 'Api')}Client`;
}

/** The guard functions the guards module exports for a type: `checkUser`, `isUser`, `assertUser`. */
export function guardNames(typeName: string): string[] {
  return [`check${typeName}`, `is${typeName}`, `assert${typeName}`];
}

/** Where the client exposes an operation, before collisions are settled: `users.paymentMethods` and `createSetupIntent`. */
export interface ClientPlace {
  readonly resourcePath: readonly string[];
  readonly methodName: string;
  /**
   * For a place read from the method and path alone (`customers.retrieve`), the place the
   * operationId names (`customers.getCustomersCustomer`): taken instead when another operation
   * asks for the same place, since the operationId tells the two apart and a number does not.
   */
  readonly idPlace?: Omit<ClientPlace, 'idPlace'>;
}

export interface OperationName extends ClientPlace {
  readonly functionName: string;
}

/**
 * The one rule that names an operation. The client method is `client.<resourcePath>.<methodName>`
 * and the standalone function is the camelCase of that path without `client`:
 * `client.users.paymentMethods.createSetupIntent` → `usersPaymentMethodsCreateSetupIntent`.
 * A place that another operation asks for too, or that names a sub-resource, gives way to its
 * `idPlace` where it has one (two `users.update`s for a PUT and a POST become `users.putUser`
 * and `users.postUser`). The
 * collisions left are settled in document order with a numeric suffix (`list2`): a method whose
 * name a sibling method or a sub-resource already has, then a function name `functions` (the
 * package's own exports, the schemas' guards, earlier operations) already has.
 */
export function nameOperations(
  wanted: readonly ClientPlace[],
  functions: NameRegistry = new NameRegistry(),
): OperationName[] {
  const key = (path: readonly string[]) => path.join('.');
  const placeKey = (place: ClientPlace) => `${key(place.resourcePath)}#${place.methodName}`;
  const asked = new Map<string, number>();
  const resources = new Set<string>();
  for (const place of wanted) {
    asked.set(placeKey(place), (asked.get(placeKey(place)) ?? 0) + 1);
    place.resourcePath.forEach((_, i) => resources.add(key(place.resourcePath.slice(0, i + 1))));
  }
  const contested = (place: ClientPlace) =>
    asked.get(placeKey(place))! > 1 ||
    resources.has(key([...place.resourcePath, place.methodName]));
  const places = wanted.map((place) => (place.idPlace && contested(place) ? place.idPlace : place));
  // A resource class holds its sub-resources and a private `core`, the client the members of
  // the runtime's `ClientCore`; methods and resources must not clash with them.
  const members = new Map<string, NameRegistry>();
  const membersOf = (path: readonly string[]) => {
    let registry = members.get(key(path));
    if (!registry)
      members.set(
        key(path),
        (registry = new NameRegistry(path.length === 0 ? CLIENT_MEMBERS : ['core'])),
      );
    return registry;
  };
  // Each resource is named once, in document order, under its parent's settled name: an
  // untagged `/request` is `client.request2`, since the client's `request` is taken.
  const settled = new Map<string, readonly string[]>();
  const settle = (path: readonly string[]): readonly string[] => {
    let done = settled.get(key(path));
    if (!done) {
      const parent = path.length > 1 ? settle(path.slice(0, -1)) : [];
      done = [...parent, membersOf(parent).claim(path.at(-1)!)];
      settled.set(key(path), done);
    }
    return done;
  };
  const resourcePaths = places.map(({ resourcePath }) =>
    resourcePath.length === 0 ? [] : settle(resourcePath),
  );
  return places.map((place, i) => {
    const resourcePath = resourcePaths[i]!;
    const methodName = membersOf(resourcePath).claim(place.methodName);
    const functionName = functions.claim(camelCase([...resourcePath, methodName].join(' ')));
    return { resourcePath, methodName, functionName };
  });
}
