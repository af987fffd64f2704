/**
 * EmittedFile[] → final bytes: ts-morph prints the structures, every file gets the
 * generated-by header, and prettier (pinned, in process) formats everything once.
 */
import { Project, type SourceFileStructure } from 'ts-morph';
import * as prettier from 'prettier';
import type { EmittedFile } from './emit/model.js';

export interface OutputFile {
  /** Path relative to the output directory, POSIX separators. */
  readonly path: string;
  readonly content: string;
}

/** The house format; `.prettierrc.json` says the same for editors and the templates (a test keeps them equal). */
export const PRETTIER: prettier.Options = {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  endOfLine: 'lf',
};

function parserFor(path: string): string | undefined {
  if (path.endsWith('.ts')) return 'typescript';
  if (path.endsWith('.md')) return 'markdown';
  if (path === 'package.json' || path.endsWith('/package.json')) return 'json-stringify';
  if (path.endsWith('.json')) return 'jsonc';
  return undefined;
}

export async function printFiles(
  files: readonly EmittedFile[],
  header: string,
): Promise<OutputFile[]> {
  const project = new Project({ useInMemoryFileSystem: true });
  const out: OutputFile[] = [];
  for (const file of files) {
    const body =
      file.kind === 'typescript'
        ? printStructure(project, file.path, file.structure)
        : file.content;
    const text = file.path.endsWith('.ts') ? withHeader(body, header) : body;
    const parser = parserFor(file.path);
    const formatted = file.kind === 'text' && file.formatted === true;
    const content =
      parser && !formatted ? await prettier.format(text, { ...PRETTIER, parser }) : text;
    out.push({ path: file.path, content });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Puts the header first, except below a shebang (`#!/usr/bin/env node`), which must stay the first line of a command. */
function withHeader(body: string, header: string): string {
  const shebang = /^#!.*\n/.exec(body)?.[0] ?? '';
  return `${shebang}// ${header}\n\n${body.slice(shebang.length)}`;
}

function printStructure(project: Project, path: string, structure: SourceFileStructure): string {
  const source = project.createSourceFile(`/${path}`, structure, { overwrite: true });
  return source.getFullText();
}
