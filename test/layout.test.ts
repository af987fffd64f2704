/**
 * The house follows the pipeline: generator/'s folders are its stages, a stage imports nothing
 * from a stage after it, and the Layout section of docs/architecture.md lists generator/ as it
 * is. Imports are read with TypeScript's own pre-processor, so a comment or a string that looks
 * like an import is not one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Project, ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const GENERATOR = join(ROOT, 'generator');
const RUNTIME = join(ROOT, 'templates/runtime');

/** The stages in the order a run goes through them; `shared` is below them all. */
const STAGES = ['shared', 'load', 'validate', 'ir', 'plan', 'emit', 'print', 'release', 'write'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder a file belongs to: `load`, `emit/query`, or `(root)` for generator/'s own files. */
function roomOf(path: string): string {
  const parts = relative(GENERATOR, path).split(sep);
  if (parts.length === 1) return '(root)';
  return parts[0] === 'emit' && parts.length > 2 ? `emit/${parts[1]}` : parts[0]!;
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** The files each file under `root` imports, resolved to paths. */
function fileImports(root: string): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    imports.set(
      file,
      importedFiles.flatMap(({ fileName }) => {
        const target = fileName.startsWith('.') ? resolveImport(file, fileName) : undefined;
        return target === undefined ? [] : [target];
      }),
    );
  }
  return imports;
}

/** The files of `folder` (relative to `root`) that import, through others, themselves. */
function filesInCircles(folder: string, root = GENERATOR): string[] {
  const imports = fileImports(root);
  const inside = (path: string) => path.startsWith(join(root, folder) + sep);
  const reaches = (from: string, goal: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(imports.get(from) ?? [])];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (file === goal) return true;
      if (seen.has(file) || !inside(file)) continue;
      seen.add(file);
      stack.push(...(imports.get(file) ?? []));
    }
    return false;
  };
  return [...imports.keys()]
    .filter((file) => inside(file) && reaches(file, file))
    .map((file) => relative(ROOT, file));
}

/** Every import between two different rooms of generator/, as `from → to` with an example. */
function roomEdges(): Map<string, string> {
  const edges = new Map<string, string>();
  for (const file of sourceFiles(GENERATOR)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(file, fileName);
      if (target === undefined || !target.startsWith(GENERATOR + sep)) continue;
      const [from, to] = [roomOf(file), roomOf(target)];
      if (from !== to && !edges.has(`${from} → ${to}`))
        edges.set(`${from} → ${to}`, relative(ROOT, file));
    }
  }
  return edges;
}

/** The names the Layout section lists directly under `generator/` (two spaces in). */
function layoutEntries(): string[] {
  const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = page.slice(page.indexOf('## Layout'));
  const fence = section.slice(
    section.indexOf('```'),
    section.indexOf('```', section.indexOf('```') + 3),
  );
  const lines = fence.split('\n');
  const start = lines.indexOf('generator/');
  const entries: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(' ')) break;
    const named = /^ {2}(\S+(?:, \S+)*)(?: {2,}|$)/.exec(line);
    if (named) entries.push(...named[1]!.split(', '));
  }
  return entries;
}

describe('the generator follows the pipeline', () => {
  it('keeps each stage in a folder of its own and at most six files at the root', () => {
    const entries = readdirSync(GENERATOR, { withFileTypes: true });
    const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name);
    for (const stage of STAGES) expect(folders).toContain(stage);
    expect(entries.filter((e) => e.isFile()).length).toBeLessThanOrEqual(6);
  });

  it('has no stage importing a later stage, and no circle between folders', () => {
    const edges = roomEdges();
    const stageOf = (room: string): number => STAGES.indexOf(room.split('/')[0]!);
    const backwards = [...edges]
      .filter(([edge]) => {
        const [from, to] = edge.split(' → ') as [string, string];
        return stageOf(from) >= 0 && stageOf(to) > stageOf(from);
      })
      .map(([edge, file]) => `${edge} (${file})`);
    expect(backwards).toEqual([]);

    const next = new Map<string, string[]>();
    for (const edge of edges.keys()) {
      const [from, to] = edge.split(' → ') as [string, string];
      next.set(from, [...(next.get(from) ?? []), to]);
    }
    const reaches = (from: string, goal: string): boolean => {
      const seen = new Set<string>();
      const stack = [from];
      while (stack.length > 0) {
        const room = stack.pop()!;
        if (room === goal) return true;
        if (seen.has(room)) continue;
        seen.add(room);
        stack.push(...(next.get(room) ?? []));
      }
      return false;
    };
    const circles = [...edges.keys()].filter((edge) => {
      const [from, to] = edge.split(' → ') as [string, string];
      return reaches(to, from);
    });
    expect(circles).toEqual([]);
  });

  it('has no import circle between the files of plan/ or emit/', () => {
    expect(filesInCircles('plan')).toEqual([]);
    expect(filesInCircles('emit')).toEqual([]);
  });

  it('has no import circle between the files of the runtime (templates/runtime)', () => {
    expect(filesInCircles('.', RUNTIME)).toEqual([]);
  });

  it('gives every emit/ concern folder an index that says what it contributes', () => {
    const emit = join(GENERATOR, 'emit');
    const concerns = readdirSync(emit, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(concerns.length).toBeGreaterThanOrEqual(7);
    for (const concern of concerns) {
      const index = readFileSync(join(emit, concern.name, 'index.ts'), 'utf8');
      expect(index.trimStart().startsWith('/**'), concern.name).toBe(true);
    }
  });
});

/**
 * The runtime's two folders, as openai-node has them: `core/` holds the files that declare what
 * its index exports (where a package user lands on "go to definition"), `internal/` the
 * machinery only the runtime and the generated code reach. Which side a file is on follows from
 * the index, so a file that starts or stops declaring a public name is moved, not argued about.
 */
describe('the runtime keeps its public parts in core/ and its machinery in internal/', () => {
  const index = join(RUNTIME, 'index.ts');
  const folderFiles = (folder: string) =>
    readdirSync(join(RUNTIME, folder))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${folder}/${name}`)
      .sort();

  it('has only its index at the top, every other file in core/ or internal/', () => {
    const top = readdirSync(RUNTIME, { withFileTypes: true });
    expect(top.filter((e) => e.isFile()).map((e) => e.name)).toEqual(['index.ts']);
    expect(top.filter((e) => e.isDirectory()).map((e) => e.name)).toEqual(['core', 'internal']);
  });

  it('re-exports only from core/ in its index', () => {
    const { importedFiles } = ts.preProcessFile(readFileSync(index, 'utf8'), true, true);
    expect(importedFiles.map((f) => f.fileName).filter((f) => !f.startsWith('./core/'))).toEqual(
      [],
    );
  });

  it('holds in core/ exactly the files that declare what the index exports', () => {
    const project = new Project({ skipAddingFilesFromTsConfig: true });
    const entry = project.addSourceFileAtPath(index);
    project.resolveSourceFileDependencies();
    const declaring = new Set<string>();
    for (const declarations of entry.getExportedDeclarations().values())
      for (const declaration of declarations)
        declaring.add(
          relative(RUNTIME, declaration.getSourceFile().getFilePath()).split(sep).join('/'),
        );
    expect([...declaring].sort()).toEqual(folderFiles('core'));
  });
});

describe('the Layout section of docs/architecture.md', () => {
  it('lists exactly what generator/ holds, the stages in pipeline order', () => {
    const listed = layoutEntries();
    const present = readdirSync(GENERATOR, { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
    expect([...listed].sort()).toEqual([...present].sort());
    const stageLines = listed.filter((entry) => STAGES.includes(entry.replace(/\/$/, '')));
    expect(stageLines).toEqual(STAGES.map((stage) => `${stage}/`));
  });

  it('names every emit/ concern folder', () => {
    const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const section = page.slice(page.indexOf('## Layout'));
    for (const concern of readdirSync(join(GENERATOR, 'emit'), { withFileTypes: true }))
      if (concern.isDirectory()) expect(section).toContain(`${concern.name}/`);
  });
});
