/**
 * The plan is the one owner of names: renaming a schema in the plan, and nothing else,
 * renames its declaration, its guards and every reference to it across the package, which
 * still type-checks. An emitter that printed a schema's name without the plan would leave a
 * reference to a type that no longer exists.
 */
import { strictProblems } from '../support/type-check.js';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { exportedNames } from '../../generator/shared/module-exports.js';
import { emitPackage } from '../../generator/emit/index.js';
import { packageEntries } from '../../generator/emit/package/package.js';
import { buildIr } from '../../generator/ir/build.js';
import { loadSource } from '../../generator/load/load.js';
import {
  layerFakeTemplateDir,
  loadFakeTemplates,
  loadFetchTemplates,
  loadLayerTemplates,
  loadTemplates,
} from '../../generator/pipeline.js';
import { applyPlan } from '../../generator/plan/apply.js';
import { planPackage } from '../../generator/plan/plan.js';
import type { Plan } from '../../generator/plan/types.js';
import { printFiles, type OutputFile } from '../../generator/print/print.js';
import { reservedNames } from '../../generator/plan/reserved.js';

const USER = '/components/schemas/User';

async function packageFrom(rename?: (plan: Plan) => Plan): Promise<readonly OutputFile[]> {
  const loaded = await loadSource('spec/connect-api.yaml');
  const raw = buildIr(loaded.document!).ir!;
  const planned = planPackage(raw, reservedNames(raw.info.lib));
  const plan = rename ? rename(planned) : planned;
  const ir = applyPlan(raw, plan);
  const emitted = emitPackage({
    ir,
    plan,
    templates: await loadTemplates(),
    layerFakeTemplates: await loadTemplates(layerFakeTemplateDir('connect')),
    fakeTemplates: await loadFakeTemplates(),
    fetchTemplates: await loadFetchTemplates(),
    libTemplates: await loadLayerTemplates(ir.info.lib!),
    header: 'HEADER',
  });
  return printFiles(emitted, 'HEADER');
}

function exportsOf(files: readonly OutputFile[]): Set<string> {
  const sources = new Map(files.map((f) => [f.path, f.content]));
  const entries = packageEntries(files.map((f) => f.path));
  return new Set(exportedNames(sources, entries).map((e) => `${e.entry} ${e.name}`));
}

const scratch = await mkdtemp(join(tmpdir(), 'plan-rename-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Writes the package's sources and type-checks them under strict; returns the problems. */
async function typeProblems(files: readonly OutputFile[]): Promise<string[]> {
  const sources: string[] = [];
  for (const file of files.filter((f) => f.path.endsWith('.ts'))) {
    const path = join(scratch, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    sources.push(path);
  }
  return strictProblems(sources);
}

describe('the plan', () => {
  it('renames a schema everywhere when only the plan says so', async () => {
    const before = await packageFrom();
    const after = await packageFrom((plan) => {
      const user = plan.schemas.get(USER)!;
      expect(user.type).toBe('User');
      const schemas = new Map(plan.schemas);
      schemas.set(USER, { ...user, type: 'Member' });
      return { ...plan, schemas };
    });

    const [was, now] = [exportsOf(before), exportsOf(after)];
    const gone = [...was].filter((name) => !now.has(name)).sort();
    const added = [...now].filter((name) => !was.has(name)).sort();
    expect(gone).toEqual(['. User', '. assertUser', '. checkUser', '. isUser']);
    expect(added).toEqual(['. Member', '. assertMember', '. checkMember', '. isMember']);

    // Every reference followed: the users module returns a Member, and nothing is left dangling.
    const users = after.find((f) => f.path === 'src/operations/users.ts')!.content;
    expect(users).toMatch(/ApiPromise<Member>/);
    expect(users).not.toMatch(/\bUser\b(?!s)/);
    expect(after.find((f) => f.path === 'api.md')!.content).toContain('Member');
    expect(await typeProblems(after)).toEqual([]);
  });
});
