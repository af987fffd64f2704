/**
 * The fake's own answers when it refuses a request: JSON bodies with a `detail` a person can
 * read and, for a 400, each problem as data (`field` is the JSON path from the part of the
 * request, as the client's `InvalidRequestError.argument` names it: `body.name`,
 * `query.limit`). The spec's own error schemas differ from API to API, so these are the
 * fake's, documented in the package README; the client reads them as any error body.
 */

/** One problem with a request. */
export interface FieldIssue {
  /** Where: `body.name`, `body.tags[2]`, `query.limit`, `path.petId`, or a part alone (`body`). */
  readonly field: string;
  /** What is wrong: `required`, `must be a whole number`, `at most 100`. */
  readonly problem: string;
}

export interface ProblemBody {
  readonly detail: string;
  /** The first issue's field and problem, for a 400. */
  readonly field?: string;
  readonly problem?: string;
  /** Every issue found, for a 400. */
  readonly issues?: readonly FieldIssue[];
  /** For a 404 of an item: the collection it was looked for in, and the id. */
  readonly collection?: string;
  readonly id?: string;
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

export function problem(
  status: number,
  body: ProblemBody,
  headers?: Readonly<Record<string, string>>,
): Response {
  return jsonResponse(status, body, headers);
}

/** 400 naming every field at fault; `detail` names the first. */
export function invalidRequest(issues: readonly FieldIssue[]): Response {
  const first = issues[0]!;
  return problem(400, {
    detail: `Invalid request: ${first.field}: ${first.problem}`,
    field: first.field,
    problem: first.problem,
    issues,
  });
}
