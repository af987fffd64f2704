/**
 * api.md's section on the `./fetch` and `./react-query` entries lists what each entry's index
 * exports, read from the templates' declarations: so an export added to a template is listed
 * without anyone writing it down, and one removed is gone.
 */
import { describe, expect, it } from 'vitest';
import { fetchEntriesSection } from '../../generator/emit/docs/fetch-md.js';
import { loadFetchTemplates, loadTemplates } from '../../generator/pipeline.js';
import { REACT_QUERY_TEMPLATE_DIR } from '../../generator/shared/templates/dirs.js';

describe("api.md's openapi-fetch compatible entries", () => {
  it('lists every export of ./fetch and ./react-query with its signature', async () => {
    const text = fetchEntriesSection('zoo-client', [
      { entry: 'fetch', templates: await loadFetchTemplates() },
      { entry: 'react-query', templates: await loadTemplates(REACT_QUERY_TEMPLATE_DIR) },
    ]).join('\n\n');
    expect(text).toContain('## `zoo-client/fetch`');
    expect(text).toMatch(/^- default export: `function createClient<Paths extends \{\}, /m);
    expect(text).toMatch(/^- `function retries\(options: RetryOptions = \{\}\): SendWrapper` — /m);
    expect(text).toMatch(/^- `function timeout\(ms: number\): SendWrapper` — /m);
    expect(text).toMatch(/^- `class TimeoutError extends Error/m);
    expect(text).toContain('- `type PathsWithMethod<Paths extends {}, Method extends HttpMethod>`');
    const rq = text.split('## `zoo-client/react-query`')[1]!;
    expect(rq).toMatch(
      /^- default export: `function createClient<.*>\(client: FetchClient<Paths, Media>\): OpenapiQueryClient<Paths, Media>`/m,
    );
    expect(rq).toContain('- `interface OpenapiQueryClient<');
  });

  it('names an export a template adds, and drops one it removes', async () => {
    const fetch = await loadFetchTemplates();
    const changed = fetch.map((t) =>
      t.name === 'index.ts'
        ? {
            ...t,
            content: `${t.content.replace("export { timeout, TimeoutError } from './timeout.js';", '')}\n/** Says hello. */\nexport function hello(name: string): string {\n  return name;\n}\n`,
          }
        : t,
    );
    const text = fetchEntriesSection('zoo-client', [{ entry: 'fetch', templates: changed }]).join(
      '\n',
    );
    expect(text).toContain('- `function hello(name: string): string` — Says hello.');
    expect(text).not.toContain('function timeout(');
  });

  it('is absent when the package has neither entry', () => {
    expect(fetchEntriesSection('zoo-client', [{ entry: 'fetch', templates: [] }])).toEqual([]);
  });
});
