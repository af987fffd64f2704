/**
 * api.md is the reference a user reads instead of guessing: each operation's parameters, the
 * client's and each call's options, every enum member. Checked on the committed file (where a
 * reader looks: under the heading of the thing), and on the emitter with hand-made input.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emitApiMarkdown } from '../../generator/emit/docs/api-md.js';
import type { EmittedFile } from '../../generator/emit/common/model.js';
import { OPTIONS_TEMPLATE } from '../../generator/emit/templates/runtime-options.js';
import { RUNTIME_TEMPLATE_DIR } from '../../generator/pipeline.js';
import { irOf, operation, schema, str, namesOf } from '../support/ir-values.js';

/** The text under a heading, up to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no heading ${heading}`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex(
    (line, i) => i > start && /^#+ /.test(line) && line.indexOf(' ') <= level,
  );
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

function text(file: EmittedFile): string {
  if (file.kind !== 'text') throw new Error(`${file.path} is not text`);
  return file.content;
}

describe('the committed api.md', () => {
  const api = readFileSync('generated/api.md', 'utf8');
  const readme = readFileSync('generated/README.md', 'utf8');

  it("lists each operation's query parameters with type, optionality, doc and default", () => {
    const around = section(api, '### `client.stations.around()`');
    expect(around).toContain('Query parameters (`StationsAroundQuery`):');
    expect(around).toContain(
      '- `only_available?: boolean` — Only stations that are available now. Default `false`.',
    );
    expect(around).toContain('- `latitude: number` — Latitude of the centre of the search.');
    expect(around).toContain(
      '- `connector_types?: readonly ConnectorType[]` — Only stations with connectors of these types.',
    );
    expect(section(api, '### `client.users.list()`')).toContain(
      '- `page_size?: number` — Number of results to return per page. Minimum: 1.',
    );
  });

  it('lists ClientOptions and RequestOptions member by member', () => {
    const client = section(api, '### `ClientOptions`');
    expect(client).toContain('- `timeoutMs?: number` — Per-attempt timeout; default 60 000 ms');
    expect(client).toContain('- `baseUrl?: string | undefined` — An absolute http(s) URL');
    expect(client).toContain(
      "- `validateResponses?: ValidationMode` — Default `'warn'`; see `ValidationMode`.",
    );
    const call = section(api, '### `RequestOptions`');
    expect(call).toContain('- `signal?: AbortSignal | undefined` — Aborts the call at once');
    expect(call).not.toContain('tokenProvider');
    expect(section(api, '# Options')).toContain(
      "- `type ValidationMode = 'strict' | 'warn' | 'off'`",
    );
  });

  it('lists every enum member under its wire value, the value list and the guard', () => {
    const connector = section(api, '### `ConnectorType`');
    expect(connector).toContain('- `ConnectorType.IEC_62196_T2` — `"IEC_62196_T2"`');
    expect(connector).toContain('- `ConnectorType.CHADEMO` — `"CHADEMO"`');
    expect(connector).toContain(
      '`CONNECTOR_TYPE_VALUES` lists every value in this order; `isConnectorType(value)`',
    );
    expect(section(api, '### `PowerGroup`')).toContain('- `PowerGroup.fast` — `"fast"`');
    expect(section(api, '# Enums')).toContain('Members are named after their wire values');
  });

  it('names the small-bundle factory and the typo-safe comparisons, before the operations', () => {
    const intro = api.slice(0, api.indexOf('# Operations'));
    expect(intro).toContain('`createConnectCore(options)`');
    expect(intro).toContain('`error.is(type)`');
    expect(intro).toContain('`isOneOf(value, ...known)`');
  });

  it('states the naming rule of standalone functions, in api.md and the README', () => {
    const rule =
      "A function's name is the camelCase of its method's path without `client` (`client.users.paymentMethods.createSetupIntent` → `usersPaymentMethodsCreateSetupIntent`)";
    expect(api).toContain(rule);
    expect(section(readme, '## First call')).toContain(rule);
    expect(section(api, '### `client.users.paymentMethods.createSetupIntent()`')).toContain(
      'usersPaymentMethodsCreateSetupIntent(client, userId: string',
    );
    expect(section(readme, '## Enums')).toContain(
      'Members are named after their wire values (`ConnectorType.CHADEMO` is `"CHADEMO"`)',
    );
  });
});

describe("api.md's TanStack Query section", () => {
  const api = readFileSync('generated/api.md', 'utf8');
  const query = readFileSync('generated/src/query.ts', 'utf8');
  const tanstack = section(api, '# TanStack Query');

  it('lists every function the query entry point exports, with its parameters', () => {
    const exported = [...query.matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]!);
    expect(exported.length).toBeGreaterThan(40);
    for (const name of exported) expect(tanstack).toContain(`\`${name}(`);
    expect(section(api, '### `usersRetrieve`')).toContain(
      '`usersRetrieveQueryOptions(client, userId, options?)`, keyed by `usersRetrieveQueryKey(userId)`',
    );
  });

  it('says what `mutate` takes, for a body alone and for a path parameter and a body', () => {
    expect(section(api, '### `usersCreate`')).toContain(
      '`mutate({ body?: UserCreateRequest })` (`UsersCreateVariables`)',
    );
    expect(section(api, '### `usersBillingDetailsUpdate`')).toContain(
      '`mutate({ userId: string; body: BillingDetailsRequest })`',
    );
  });

  it('names the keys a mutation invalidates and the error types `is` takes', () => {
    const start = section(api, '### `usersChargingStart`');
    expect(start).toContain(
      "After a success it invalidates `[...connectApiQueryKey, 'users', userId]`",
    );
    expect(start).toContain('`is` takes `payment_method_error`');
  });

  it("lists MutationSettings' members from the runtime, `request` among them", () => {
    expect(tanstack).toContain(
      '- `request?: RequestOptions` — Per-call settings (timeout, headers, retries of the client) of every call the mutation makes.',
    );
    expect(tanstack).toContain('- `invalidates?: readonly QueryKeyPrefix[] | ((variables');
  });
});

describe('the api.md emitter', () => {
  const op = operation({
    functionName: 'thingsList',
    queryParameters: [
      {
        name: 'colour',
        identifier: 'colour',
        location: 'query',
        required: true,
        type: str,
        explode: true,
        description: 'Which colour.\n\nMore text.',
      },
    ],
    headerParameters: [
      {
        name: 'X-Trace',
        identifier: 'xTrace',
        location: 'header',
        required: false,
        type: str,
        explode: false,
      },
    ],
  });
  const ir = irOf([schema('Speed', { kind: 'enum', values: ['slow', 'very-fast'] })], [op]);
  const names = namesOf(ir, ['Speed']);

  it('reads the options from the runtime template, so a new option shows up without touching the emitter', () => {
    const content =
      'export type Mode = "a" | "b";\n/** Client settings. */\nexport interface ClientOptions {\n  /** Waits this long, see {@link Mode}. */\n  patienceMs?: number;\n  mode: Mode;\n}\nexport interface RequestOptions {}\n';
    const api = text(emitApiMarkdown(ir, names, 'HEADER', [{ name: OPTIONS_TEMPLATE, content }]));
    expect(section(api, '### `ClientOptions`')).toBe(
      '\nClient settings.\n\n- `patienceMs?: number` — Waits this long, see `Mode`.\n- `mode: Mode`\n',
    );
    expect(api).toContain('- `type Mode = "a" | "b"`');
  });

  it('takes the real options template', () => {
    const content = readFileSync(`${RUNTIME_TEMPLATE_DIR}${OPTIONS_TEMPLATE}`, 'utf8');
    const api = text(emitApiMarkdown(ir, names, 'HEADER', [{ name: OPTIONS_TEMPLATE, content }]));
    expect(section(api, '### `RequestOptions`')).toContain('- `timeoutMs?: number`');
  });

  it('writes parameters one line each, derived enum names beside their values, and no options without the template', () => {
    const api = text(emitApiMarkdown(ir, names, 'HEADER'));
    const things = section(api, '### `client.things.list()`');
    expect(things).toContain(
      'Query parameters (`ThingsListQuery`):\n\n- `colour: string` — Which colour.\n\nHeader parameters (`ThingsListHeaders`):\n\n- `"X-Trace"?: string`',
    );
    expect(section(api, '### `Speed`')).toContain(
      '- `Speed.slow` — `"slow"`\n- `Speed.VeryFast` — `"very-fast"`',
    );
    expect(api).not.toContain('# Options');
  });
});
