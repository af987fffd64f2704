/**
 * An answer on its way out: shaped so a client never walks to a page the fake cannot serve,
 * loosened in the loosest mode, checked by the package's guard of the success body (an
 * answer the spec does not allow is the fake's bug, and a loud 500 naming the field rather
 * than a quiet lie), and written as JSON, text or bytes as the spec says.
 */
import { describeFailure, isRecord } from '../../runtime/core/guard.js';
import type { FakeOperation } from './contract.js';
import { loosen } from './loosen.js';
import { writeLastPage } from './pages.js';
import { jsonResponse, problem } from './problems.js';
import { define } from '../own.js';
import { objectView, resolve, type SampleNode } from './sample-node.js';
import type { Answer } from './state.js';

/** How the fake answers: as its samples and state say, or as loosely as the contract allows. */
export type ResponseMode = 'faithful' | 'loosest';

/** Members of an answer that lead to another page. */
const PAGE_LINKS = new Set([
  'next',
  'nextpage',
  'nextlink',
  'nexturl',
  'nextcursor',
  'nexttoken',
  'nextpagetoken',
  'previous',
  'prev',
  'previouspage',
  'previouslink',
  'previousurl',
]);

/** Statuses whose answers carry no body, whatever the spec's schema says. */
const EMPTY_STATUSES = new Set([204, 205, 304]);

export function respond(
  op: FakeOperation,
  answer: Answer,
  mode: ResponseMode,
  method: string,
): Response {
  const { success } = op;
  const headers = answer.headers ?? {};
  if (EMPTY_STATUSES.has(answer.status) || method === 'HEAD')
    return new Response(null, { status: answer.status, headers });
  // Bytes have no schema to sample: a few bytes naming the operation, as the declared type, so
  // that a caller sees a non-empty Blob (an empty one reads like a failed download).
  if (success.media === 'binary')
    return new Response(new TextEncoder().encode(`fake ${op.id}`), {
      status: answer.status,
      headers: { ...headers, 'content-type': success.contentType ?? 'application/octet-stream' },
    });
  if (answer.body === undefined || success.node === undefined)
    return new Response(null, { status: answer.status, headers });
  if (success.media === 'text')
    return new Response(String(answer.body), {
      status: answer.status,
      headers: { ...headers, 'content-type': success.contentType ?? 'text/plain' },
    });
  let value = answer.page ? answer.body : withoutNextPage(answer.body, success.node!);
  if (!answer.page && op.cursorList !== undefined && isRecord(value))
    writeLastPage(value, success.node!, op.cursorList);
  if (mode === 'loosest') value = loosen(value, success.node!);
  if (mode === 'loosest' && answer.page && isRecord(value)) answer.page.keep(value);
  const failure = success.check?.(value);
  if (failure !== undefined)
    return problem(500, {
      detail: `The fake's answer to ${op.id} does not match the spec: ${describeFailure(failure)}`,
    });
  return jsonResponse(answer.status, value, headers);
}

/**
 * The answer without links to other pages: a page-link member (`next`, `previous`…) of the
 * answer is null where it may be, and left out where it is optional, as on a last page. A
 * made-up link would send a client's `for await` to a page nobody can serve.
 */
function withoutNextPage(value: unknown, node: SampleNode): unknown {
  const object = objectView(node);
  if (object === undefined || !isRecord(value)) return value;
  const required = new Set(object.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const member = Object.prototype.hasOwnProperty.call(object.properties, key)
      ? object.properties[key]
      : undefined;
    const link = member !== undefined && PAGE_LINKS.has(key.toLowerCase().replace(/[_-]/g, ''));
    if (link && resolve(member).nullable) define(out, key, null);
    else if (!link || required.has(key)) define(out, key, inner);
  }
  return out;
}
