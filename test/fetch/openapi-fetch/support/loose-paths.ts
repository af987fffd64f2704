/**
 * A `paths` type that accepts any path, every method, any parameters and any body: for the
 * tests about serialization, whose paths (style placeholders like `{.bay*}`) or bodies (`0`,
 * `false`, a Date) no fixture document would spell. What it answers is `unknown`.
 */
interface LooseOperation {
  parameters: {
    query?: Record<string, unknown>;
    header?: Record<string, unknown>;
    path?: Record<string, unknown>;
    cookie?: Record<string, unknown>;
  };
  requestBody?: { content: { 'application/json': unknown } };
  responses: {
    200: { headers: Record<string, unknown>; content: { 'application/json': unknown } };
  };
}

export type LoosePaths = Record<
  string,
  {
    parameters: LooseOperation['parameters'];
    get: LooseOperation;
    put: LooseOperation;
    post: LooseOperation;
    delete: LooseOperation;
    options: LooseOperation;
    head: LooseOperation;
    patch: LooseOperation;
    trace: LooseOperation;
  }
>;
