/**
 * A `connect-codegen.config.*` value checked field by field, as data: every problem comes
 * with the JSON pointer of its field, so a JSON config can be located to a line and column,
 * and one run names all of them. Pure; generator/cli/config/config.ts reads the file.
 */
import { closest } from '../../validate/closest.js';
import { excerpt } from '../../shared/diagnostics.js';
import { npmNameProblem, semverProblem } from './npm.js';
import {
  OPENAPI_TYPES_OPTION_NAMES,
  type OpenApiTypesOptions,
} from '../../emit/openapi-types/options.js';

/** The package version: decided by the release stage, or the same fixed version on every run. */
export type VersionPolicy = 'release' | string;

/** The optional modules of the package; each is on unless set to false. */
export interface ModuleSwitches {
  /** TanStack Query options, the `./query` entry point. */
  readonly query?: boolean;
  /** Form validators, the `./forms` entry point. */
  readonly forms?: boolean;
  /** The fake server, the `./fake` and `./testing` entry points. */
  readonly fake?: boolean;
  /** The hand-written layer the spec names (`info.x-sdk-lib`). */
  readonly layer?: boolean;
  /** openapi-fetch's API over a `paths` type, the `./fetch` entry point. */
  readonly fetch?: boolean;
  /**
   * openapi-react-query's hooks, the `./react-query` entry point. They are built on the
   * `./fetch` client, so they are left out with it.
   */
  readonly reactQuery?: boolean;
}

/** What a config file may hold; every field is optional, flags override each one. */
export interface CodegenConfig {
  /** The root spec file, relative to the config file. */
  readonly spec?: string;
  /** The output directory, relative to the config file. */
  readonly output?: string;
  readonly package?: {
    /** The npm name; the spec's `info.x-package-name`, or one made from its title, otherwise. */
    readonly name?: string;
    /** `'release'` (the default) or a fixed `x.y.z`. */
    readonly version?: VersionPolicy;
  };
  readonly modules?: ModuleSwitches;
  /**
   * The shape of the `paths`, `components`… types, as openapi-typescript 7's options of the
   * same names give it (its defaults when left out).
   */
  readonly openapiTypes?: OpenApiTypesOptions;
  /**
   * Folders, relative to the config file, that `$ref`s may reach besides the git work tree
   * holding the spec (or the spec's folder when it is in none).
   */
  readonly refRoots?: readonly string[];
  readonly limits?: {
    /** The largest file the loader reads, in MB (24 by default). */
    readonly maxFileSizeMb?: number;
    /** The most it reads over all the files a spec's `$ref`s reach, in MB (48 by default). */
    readonly maxTotalSizeMb?: number;
  };
}

export interface ConfigProblem {
  readonly pointer: string;
  readonly message: string;
  readonly hint?: string;
}

export const MODULE_NAMES = ['query', 'forms', 'fake', 'layer', 'fetch', 'reactQuery'] as const;

export const LIMIT_NAMES = ['maxFileSizeMb', 'maxTotalSizeMb'] as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A size limit in MB: a positive finite number (fractions allowed, for tests and small limits). */
export function isMegabytes(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** `/package/name` as a reader writes it: `package.name`. */
export function fieldPath(pointer: string): string {
  return pointer.slice(1).split('/').join('.') || 'the config';
}

/** `value` as a config, or the problems that keep it from being one. */
export function checkConfig(value: unknown): {
  readonly config?: CodegenConfig;
  readonly problems: readonly ConfigProblem[];
} {
  const problems: ConfigProblem[] = [];
  const problem = (pointer: string, message: string, hint?: string) =>
    problems.push({ pointer, message: `${fieldPath(pointer)} ${message}`, ...(hint && { hint }) });
  /** The object's members; each unknown one is a problem, with the known name it resembles. */
  const members = (object: Record<string, unknown>, at: string, known: readonly string[]) => {
    for (const key of Object.keys(object)) {
      if (known.includes(key)) continue;
      const near = closest(key, known);
      problems.push({
        pointer: `${at}/${key}`,
        message: `${fieldPath(`${at}/${key}`)} is not a config field${near ? `; did you mean '${near}'?` : ''}`,
        hint: `${at === '' ? 'the fields are' : `${fieldPath(at)} has`} ${known.join(', ')}`,
      });
    }
    return (key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);
  };
  const text = (pointer: string, v: unknown) => {
    if (v === undefined) return;
    if (typeof v !== 'string') problem(pointer, 'must be a string');
    else if (v.trim() === '') problem(pointer, 'must not be empty');
  };

  if (!isObject(value))
    return { problems: [{ pointer: '', message: 'the config must be an object' }] };
  const get = members(value, '', [
    'spec',
    'output',
    'package',
    'modules',
    'openapiTypes',
    'refRoots',
    'limits',
  ]);
  text('/spec', get('spec'));
  text('/output', get('output'));

  const pkg = get('package');
  if (pkg !== undefined && !isObject(pkg)) problem('/package', 'must be an object');
  if (isObject(pkg)) {
    const field = members(pkg, '/package', ['name', 'version']);
    const name = field('name');
    text('/package/name', name);
    const nameProblem =
      typeof name === 'string' && name.trim() !== '' ? npmNameProblem(name) : undefined;
    if (nameProblem !== undefined)
      problem(
        '/package/name',
        `'${excerpt(name as string, 40)}' is not an npm package name: it ${nameProblem}`,
        'for example petstore-client or @acme/petstore-client',
      );
    const version = field('version');
    const versionProblem =
      typeof version === 'string' && version !== 'release' ? semverProblem(version) : undefined;
    if (version !== undefined && (typeof version !== 'string' || versionProblem !== undefined))
      problem(
        '/package/version',
        `must be 'release' or a version such as '1.2.0'${versionProblem ? `; '${excerpt(version as string, 40)}' ${versionProblem}` : ''}`,
        "'release' (the default) decides the version from the change of the package's surface",
      );
  }

  const refRoots = get('refRoots');
  if (refRoots !== undefined && !Array.isArray(refRoots))
    problem('/refRoots', 'must be a list of folders, relative to the config file');
  if (Array.isArray(refRoots)) refRoots.forEach((dir, i) => text(`/refRoots/${i}`, dir));

  const limits = get('limits');
  if (limits !== undefined && !isObject(limits)) problem('/limits', 'must be an object');
  if (isObject(limits)) {
    const field = members(limits, '/limits', LIMIT_NAMES);
    for (const name of LIMIT_NAMES) {
      const mb = field(name);
      if (mb !== undefined && !isMegabytes(mb))
        problem(`/limits/${name}`, 'must be a number of megabytes greater than 0');
    }
  }

  const modules = get('modules');
  if (modules !== undefined && !isObject(modules)) problem('/modules', 'must be an object');
  if (isObject(modules)) {
    const field = members(modules, '/modules', MODULE_NAMES);
    for (const name of MODULE_NAMES) {
      const on = field(name);
      if (on !== undefined && typeof on !== 'boolean')
        problem(`/modules/${name}`, 'must be true or false');
    }
    // The fake made from the spec checks requests with the forms' validators (it imports `../forms.js`).
    if (field('forms') === false && field('fake') !== false)
      problem(
        '/modules/forms',
        'can be false only with modules.fake false as well: the fake checks requests with the form validators',
      );
    // The hooks take a `./fetch` client (`createClient(fetchClient)`); left unset, they go with it.
    if (field('fetch') === false && field('reactQuery') === true)
      problem(
        '/modules/reactQuery',
        'can be true only with modules.fetch on as well: the hooks are built on the ./fetch client',
        'leave reactQuery out, or set fetch to true',
      );
  }
  const openapiTypes = get('openapiTypes');
  if (openapiTypes !== undefined && !isObject(openapiTypes))
    problem('/openapiTypes', 'must be an object');
  if (isObject(openapiTypes)) {
    const field = members(openapiTypes, '/openapiTypes', OPENAPI_TYPES_OPTION_NAMES);
    for (const name of OPENAPI_TYPES_OPTION_NAMES) {
      const on = field(name);
      if (on !== undefined && typeof on !== 'boolean')
        problem(`/openapiTypes/${name}`, 'must be true or false');
    }
  }
  if (problems.length > 0) return { problems };
  return { config: value as CodegenConfig, problems };
}
