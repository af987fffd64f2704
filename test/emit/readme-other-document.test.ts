/**
 * The README of a package generated from another document than ours: its examples come from
 * that document (the proxy path from the package's name, the validation message's JSON path
 * from its responses), no Connect text remains, and it says how to install the package from
 * the folder it was generated in before it names a registry.
 */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { emitReadme } from '../../generator/emit/docs/readme.js';
import { irFromText } from '../support/documents.js';
import { loadFetchTemplates } from '../../generator/pipeline.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Zoo', version: '2' },
  servers: [{ url: 'https://zoo.example.com' }],
  paths: {
    '/pens/{id}': {
      get: {
        operationId: 'getPen',
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'a pen',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pen' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pen: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          animals: { type: 'array', items: { $ref: '#/components/schemas/Animal' } },
        },
      },
      Animal: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          diet: { type: 'string', enum: ['plants', 'meat'] },
        },
      },
    },
  },
};

function readme(
  paths: readonly string[] = [],
  fetchTemplates: Parameters<typeof emitReadme>[5] = [],
): string {
  const built = irFromText('zoo.yaml', stringify(DOCUMENT));
  if (!('ir' in built)) throw new Error(JSON.stringify(built.diagnostics));
  const file = emitReadme(built.ir, 'HEADER', paths, undefined, undefined, fetchTemplates);
  return file.kind === 'text' ? file.content : '';
}

describe('the README of another document', () => {
  it('carries no Connect text', () => {
    const text = readme();
    // `ConnectionError` is the runtime's, for every API.
    expect(text).not.toMatch(/\bconnect\b/i);
    expect(text).not.toContain('evses');
  });

  it("takes its proxy path from the package's name", () => {
    const text = readme();
    expect(text).toContain("baseUrl: '/api/zoo'");
    expect(text).toContain('the route for /api/zoo/*');
  });

  it("names a JSON path of the document's own responses in the validation example", () => {
    expect(readme()).toContain('(`$.animals[3].diet: expected string, got number`)');
  });

  it('installs from the folder it was generated in, and from a registry only once published', () => {
    const install = readme().split('## Install')[1]!.split('\n## ')[0]!;
    expect(install).toContain('cd <this folder> && npm install && npm pack');
    expect(install).toContain('npm install <this folder>/zoo-client-<version>.tgz');
    // The registry's name comes last, said to work only once published.
    expect(install).not.toMatch(/```sh\nnpm install zoo-client\n/);
    expect(install).toMatch(/`npm install zoo-client` works once the package is published/);
  });

  it("shows the ./fetch and ./react-query entries calling the document's own read by its path", async () => {
    const text = readme(
      ['src/fetch/index.ts', 'src/react-query/index.ts'],
      await loadFetchTemplates(),
    );
    const section = text.split('## openapi-fetch compatible client')[1]!.split('\n## ')[0]!;
    expect(section).toContain("import createClient from 'zoo-client/fetch';");
    expect(section).toContain("import type { paths } from 'zoo-client';");
    expect(section).toContain("await api.GET('/pens/{id}', { params: { path: { id: ");
    expect(section).toContain("$api.useQuery('get', '/pens/{id}', { params: { path: { id: ");
    expect(section).toContain('npm install @tanstack/react-query');
    // The retry options, as templates/fetch/retries.ts declares them.
    expect(section).toMatch(/^- `attempts` — /m);
    // Without the hooks, no word of them; without ./fetch, no section.
    const fetchOnly = readme(['src/fetch/index.ts'], await loadFetchTemplates());
    expect(fetchOnly).toContain('## openapi-fetch compatible client');
    expect(fetchOnly).not.toContain('zoo-client/react-query');
    expect(readme()).not.toContain('## openapi-fetch compatible client');
  });
});
