/**
 * The TypeScript snippets of the package's README and api.md, made into one module a
 * compiler can check: imports are hoisted (each name once), and each snippet becomes the
 * body of its own function with a `client` in scope, so snippets may reuse names.
 */
const FENCE = /```ts\n([\s\S]*?)```/g;
/** An import of named bindings, on one line or wrapped by prettier over several (`[^}]` spans lines). */
const IMPORT = /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';[ \t]*$/gm;
/** A default import, with named bindings beside it or not: `import createClient, { retries } from '…';`. */
const DEFAULT_IMPORT =
  /^import\s+([A-Za-z_$][\w$]*)\s*(?:,\s*\{([^}]*)\})?\s+from\s+'([^']+)';[ \t]*$/gm;

export interface SnippetSource {
  readonly file: string;
  readonly markdown: string;
}

/** api.md's signature blocks (`client.x(a: A): B`) are declarations, not code; only sample calls are checked there. */
function isCode(file: string, code: string): boolean {
  return file !== 'api.md' || /^(const |await |import )/.test(code.trimStart());
}

export function snippetModule(
  sources: readonly SnippetSource[],
  clientClass: string,
  packageName: string,
): { code: string; count: number; libraries: string[] } {
  const imports = new Map<string, Set<string>>([[packageName, new Set([clientClass])]]);
  /** Each module's default import, by the one name every snippet gives it. */
  const defaults = new Map<string, string>();
  const bodies: string[] = [];
  for (const { file, markdown } of sources) {
    for (const [, block] of markdown.matchAll(FENCE)) {
      if (!isCode(file, block!)) continue;
      for (const match of block!.matchAll(IMPORT)) {
        const names = imports.get(match[3]!) ?? new Set<string>();
        match[2]!
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .forEach((n) => names.add(n));
        imports.set(match[3]!, names);
      }
      for (const match of block!.matchAll(DEFAULT_IMPORT)) {
        const [, name, named, from] = match;
        const known = defaults.get(from!);
        if (known !== undefined && known !== name)
          throw new Error(`the snippets import the default of ${from} as ${known} and ${name}`);
        defaults.set(from!, name!);
        const names = imports.get(from!) ?? new Set<string>();
        (named ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .forEach((n) => names.add(n));
        imports.set(from!, names);
      }
      const kept = block!.replace(IMPORT, '').replace(DEFAULT_IMPORT, '');
      bodies.push(
        `// ${file}\nexport async function snippet${bodies.length}(client: ${clientClass}): Promise<void> {\n  {\n${kept}\n  }\n}`,
      );
    }
  }
  const head = [...imports].map(([from, names]) => {
    const bindings = [
      ...(defaults.has(from) ? [defaults.get(from)!] : []),
      ...(names.size > 0 ? [`{ ${[...names].sort().join(', ')} }`] : []),
    ];
    return `import ${bindings.join(', ')} from '${from}';`;
  });
  return {
    code: `${head.join('\n')}\n\n${bodies.join('\n\n')}\n`,
    count: bodies.length,
    libraries: librariesOf([...imports.keys()], packageName),
  };
}

/**
 * The npm packages other than `packageName` that the snippets import (`@tanstack/react-query`
 * for `@tanstack/react-query`, `@hookform/resolvers` for `@hookform/resolvers/standard-schema`),
 * which a project using those snippets has installed.
 */
function librariesOf(modules: readonly string[], packageName: string): string[] {
  const names = modules
    .filter((m) => !m.startsWith('.') && !m.startsWith('node:'))
    .map((m) =>
      m
        .split('/')
        .slice(0, m.startsWith('@') ? 2 : 1)
        .join('/'),
    )
    .filter((name) => name !== packageName);
  return [...new Set(names)].sort();
}
