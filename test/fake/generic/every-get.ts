/**
 * Calls every GET operation of a document on its generated fake, with parameters drawn from
 * their request schemas (fast-check, seeded), and reports what each answered: a 2xx whose body
 * the package's own guard accepts, or what went wrong. An item of a collection that the fake
 * does not hold yet (404 naming the collection) is added with `fake.add` and asked for again,
 * as a test would set up its state.
 */
import fc from 'fast-check';
import { schemaIndexOf, type SchemaIndex } from '../../../generator/emit/common/type-expr.js';
import { successBody } from '../../../generator/emit/operations/operations.js';
import type { Ir, IrOperation, IrParameter, IrType } from '../../../generator/ir/types.js';
import { valid } from '../../robustness/arbitrary.js';

export interface FakeApi {
  readonly url: string;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  add(path: string, fields?: object): { id: string; item: unknown };
}

export type Guards = Readonly<Record<string, (value: unknown) => unknown>>;

export interface GetOutcome {
  readonly operation: string;
  readonly status: number;
  /** Why the answer is not a 2xx the guard accepts; absent when it is. */
  readonly problem?: string;
  /** The answer's body, as text. */
  readonly body?: string;
}

/** Tries this many drawn parameter sets before reporting a 400 as the fake's fault. */
const ATTEMPTS = 12;

export async function callEveryGet(
  ir: Ir,
  fake: FakeApi,
  guards: Guards,
  seed: number,
): Promise<GetOutcome[]> {
  const index = schemaIndexOf(ir);
  const out: GetOutcome[] = [];
  for (const op of ir.operations.filter((o) => o.method === 'GET')) {
    let outcome: GetOutcome | undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      outcome = await callOnce(op, fake, guards, index, seed * 1000 + attempt);
      // A 400 may be a drawn value the forms validators refuse (an empty required text): draw again.
      if (outcome.status !== 400) break;
    }
    out.push(outcome!);
  }
  return out;
}

async function callOnce(
  op: IrOperation,
  fake: FakeApi,
  guards: Guards,
  index: SchemaIndex,
  seed: number,
): Promise<GetOutcome> {
  const path = Object.fromEntries(op.pathParameters.map((p) => [p.name, draw(p, index, seed)]));
  const query = new URLSearchParams();
  for (const p of op.queryParameters.filter((q) => q.required)) {
    const value = draw(p, index, seed);
    if (Array.isArray(value)) {
      if (p.explode) for (const item of value) query.append(p.name, String(item));
      else query.append(p.name, value.join(','));
    } else if (typeof value !== 'object' || value === null) query.append(p.name, String(value));
  }
  const headers: Record<string, string> = {};
  for (const p of op.headerParameters.filter((h) => h.required))
    headers[p.name] = String(draw(p, index, seed, true));
  const cookies = op.cookieParameters
    .filter((c) => c.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(draw(p, index, seed, true)))}`);
  if (cookies.length > 0) headers['cookie'] = cookies.join('; ');
  const url = (params: Record<string, unknown>) =>
    `${fake.url}${op.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
      const value = params[name];
      return encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value));
    })}${query.size > 0 ? `?${query}` : ''}`;
  let response = await fake.fetch(url(path), { headers });
  if (response.status === 404) {
    const body = (await response.json()) as { collection?: string };
    if (body.collection !== undefined) {
      const { id } = fake.add(body.collection);
      const last = /\{([^{}]+)\}\/?$/.exec(op.path)![1]!;
      response = await fake.fetch(url({ ...path, [last]: id }), { headers });
    } else return { operation: op.operationId, status: 404, problem: JSON.stringify(body) };
  }
  const status = response.status;
  const text = await response.text();
  if (status < 200 || status > 299)
    return { operation: op.operationId, status, problem: text.slice(0, 300) };
  const answered = { operation: op.operationId, status, body: text };
  const check = op.successMedia ? undefined : successBody(op, index)?.check;
  if (check === undefined) return answered;
  const guard = guards[check];
  if (guard === undefined) return { ...answered, problem: `no ${check}` };
  const failure = guard(JSON.parse(text));
  return failure === undefined
    ? answered
    : { ...answered, problem: `${check}: ${JSON.stringify(failure)}` };
}

/** A value of the parameter's request schema; a header's or cookie's is plain ASCII text. */
function draw(p: IrParameter, index: SchemaIndex, seed: number, ascii = false): unknown {
  const values = fc.sample(arbitrary(p.type, index), { seed, numRuns: 40 });
  const fits = (v: unknown) =>
    (!ascii || /^[\x21-\x7e]+$/.test(String(v))) && (typeof v !== 'string' || v.length > 0);
  return values.find(fits) ?? values[0];
}

/** `valid` of the robustness suite, with the string formats the forms validators check. */
function arbitrary(type: IrType, index: SchemaIndex): fc.Arbitrary<unknown> {
  const resolved = type.kind === 'ref' ? (index.get(type.name)?.type ?? type) : type;
  if (resolved.kind === 'string' && resolved.pattern === undefined) {
    if (resolved.format === 'uuid') return fc.uuid();
    if (resolved.format === 'email') return fc.emailAddress();
    if (resolved.format === 'uri') return fc.webUrl();
  }
  return valid(type, 'write', index);
}
