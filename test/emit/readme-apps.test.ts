/**
 * The README's app sections (`readme-apps.ts`): present exactly when the package has the
 * `./query` and `./forms` entry points, with examples naming only options and validators the
 * package exports, for our spec and for a pet store, whose section says nothing of ours.
 */
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';

async function packageOf(specPath: string): Promise<Map<string, string>> {
  const result = await generate({ specPath, command: 'test' });
  return new Map(result.files!.map((f) => [f.path, f.content]));
}

/** The text of `## title` up to the next second-level heading. */
function section(markdown: string, title: string): string | undefined {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) return undefined;
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** Names a snippet imports from `module`. */
function importedFrom(markdown: string, module: string): string[] {
  const pattern = new RegExp(`import \\{([^}]*)\\} from '${module.replace('/', '\\/')}';`, 'g');
  return [...markdown.matchAll(pattern)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
}

describe.each([
  ['spec/connect-api.yaml', 'connect-api-client'],
  ['test/fixtures/other/petstore.yaml', 'pet-store-client'],
])('the README of %s', (specPath, pkg) => {
  it('shows TanStack Query options and form validators the package exports', async () => {
    const files = await packageOf(specPath);
    const readme = files.get('README.md')!;
    const query = section(readme, 'TanStack Query');
    const forms = section(readme, 'Form validators');
    expect(query).toBeDefined();
    expect(forms).toBeDefined();
    const queryModule = files.get('src/query.ts')!;
    const formsModule = files.get('src/forms.ts')!;
    const options = importedFrom(query!, `${pkg}/query`);
    expect(options.length).toBeGreaterThan(0);
    for (const name of options) expect(queryModule).toContain(`export function ${name}(`);
    for (const name of importedFrom(forms!, `${pkg}/forms`))
      expect(formsModule).toContain(`export const ${name}:`);
    if (pkg !== 'connect-api-client') expect(query).not.toMatch(/users|charging|station/i);
  });
});

describe('the README of a package with streams', () => {
  it('shows streamed query options with TanStack’s streamedQuery, the body flag left to them', async () => {
    const files = await packageOf('test/query/streamed/chat-streams.yaml');
    const query = section(files.get('README.md')!, 'TanStack Query')!;
    expect(query).toContain(
      '- **Streams**: `…StreamedQueryOptions(client, experimental_streamedQuery, …)`',
    );
    expect(importedFrom(query, '@tanstack/react-query')).toContain('experimental_streamedQuery');
    expect(importedFrom(query, 'chat-streams-client/query')).toContain(
      'chatCreateChatCompletionStreamedQueryOptions',
    );
    expect(files.get('src/query.ts')).toContain(
      'export function chatCreateChatCompletionStreamedQueryOptions<QueryFn>(',
    );
    // The example's body has no `stream`: the options set it, and the body's type lacks it.
    expect(query).toMatch(
      /chatCreateChatCompletionStreamedQueryOptions\(client, experimental_streamedQuery, \{\s*model: 'gpt-4o',\s*\}\)/,
    );
  });

  it('says nothing of streams for a package without any', async () => {
    const readme = (await packageOf('spec/connect-api.yaml')).get('README.md')!;
    expect(section(readme, 'TanStack Query')).not.toMatch(/stream/i);
  });
});
