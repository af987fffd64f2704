/**
 * The query options module as emitted (`generator/emit/query/query-options.ts`), the package's
 * `./query` entry point: for every document, names from the plan, and no import of TanStack or
 * anything else a package without it could not resolve.
 */
import { describe, expect, it } from 'vitest';
import { emitQueryOptions } from '../../generator/emit/query/query-options.js';
import { buildIr } from '../../generator/ir/build.js';
import { loadSource } from '../../generator/load/load.js';
import { operationSymbolsOf, planIr } from '../../generator/plan/index.js';
import { operationKey } from '../../generator/plan/types.js';
import { emittedPackage, exportedNames, importsOf, sourceOf } from '../support/emitted.js';

const MODULE = 'src/query.ts';

async function planned(spec: string) {
  const loaded = await loadSource(spec);
  return planIr(buildIr(loaded.document!).ir!);
}

describe('query.ts of our spec', () => {
  it('exports, per operation, the names the plan decided', async () => {
    const { ir, plan } = await planned('spec/connect-api.yaml');
    const names = (key: string) => plan.operations.get(key)!.queryOptions;
    expect(plan.queryKeyRoot).toBe('connectApiQueryKey');
    expect(names('GET /api/v1/users/')).toEqual({
      error: 'UsersListError',
      key: 'usersListQueryKey',
      options: 'usersListQueryOptions',
      infiniteKey: 'usersListInfiniteQueryKey',
      infiniteOptions: 'usersListInfiniteQueryOptions',
    });
    expect(names('GET /api/v1/users/{user_id}/')).toEqual({
      error: 'UsersRetrieveError',
      key: 'usersRetrieveQueryKey',
      options: 'usersRetrieveQueryOptions',
    });
    expect(names('POST /api/v1/users/')).toEqual({
      error: 'UsersCreateError',
      mutationOptions: 'usersCreateMutationOptions',
      variables: 'UsersCreateVariables',
    });
    expect(names('PUT /api/v1/users/{user_id}/billing-details/')).toEqual({
      error: 'UsersBillingDetailsUpdateError',
      mutationOptions: 'usersBillingDetailsUpdateMutationOptions',
      variables: 'UsersBillingDetailsUpdateVariables',
    });
    expect(names('POST /api/v1/users/{user_id}/charging/start/')).toEqual({
      error: 'UsersChargingStartError',
      mutationOptions: 'usersChargingStartMutationOptions',
      variables: 'UsersChargingStartVariables',
    });

    const file = sourceOf(emitQueryOptions(ir, plan, operationSymbolsOf(ir, plan), MODULE));
    const declared = [
      plan.queryKeyRoot,
      ...ir.operations.flatMap((op) => {
        const q = plan.operations.get(operationKey(op))!.queryOptions!;
        return [
          q.error,
          q.variables,
          q.key,
          q.options,
          q.infiniteKey,
          q.infiniteOptions,
          q.mutationOptions,
        ].filter((n) => n !== undefined);
      }),
    ];
    expect(exportedNames(file)).toEqual(declared);
  });

  it('renders a name the plan changes, and nothing else decides it', async () => {
    const { ir, plan } = await planned('spec/connect-api.yaml');
    const key = 'GET /api/v1/users/{user_id}/';
    const symbols = plan.operations.get(key)!;
    const renamed = {
      ...plan,
      queryKeyRoot: 'rootKey',
      operations: new Map(plan.operations).set(key, {
        ...symbols,
        queryOptions: { ...symbols.queryOptions!, options: 'userOptions', key: 'userKey' },
      }),
    };
    const file = sourceOf(emitQueryOptions(ir, renamed, operationSymbolsOf(ir, renamed), MODULE));
    const names = exportedNames(file);
    expect(names).toContain('userOptions');
    expect(names).not.toContain('usersRetrieveQueryOptions');
    expect(file.getFunctionOrThrow('userOptions').getText()).toContain('queryKey: userKey(userId)');
    expect(file.getVariableDeclarationOrThrow('rootKey').getText()).toMatch(
      /\[["']connect-api["']\]/,
    );
  });

  it('is an entry point of its own, importing only the package itself', async () => {
    const files = await emittedPackage('spec/connect-api.yaml');
    const index = files.find((f) => f.path === 'src/index.ts')!;
    // Not re-exported by the index: apps import it from `./query`, as the forms from `./forms`.
    expect(
      sourceOf(index)
        .getExportDeclarations()
        .map((d) => d.getModuleSpecifierValue()),
    ).not.toContain('./query.js');
    const imports = Object.keys(importsOf(sourceOf(files.find((f) => f.path === MODULE))));
    expect(imports.every((from) => from.startsWith('./'))).toBe(true);
    expect(imports).toContain('./runtime/core/query.js');
  });

  it('keeps the client in charge of retries in every option', async () => {
    const files = await emittedPackage('spec/connect-api.yaml');
    const file = sourceOf(files.find((f) => f.path === MODULE));
    const options = file
      .getFunctions()
      .filter((f) => /(QueryOptions|MutationOptions)$/.test(f.getName() ?? ''));
    expect(options.length).toBeGreaterThan(20);
    for (const f of options) expect(f.getText()).toMatch(/retry: leaveRetriesToClient<\w+Error>/);
  });
});

describe('query.ts of the pet store', () => {
  it('is generated with the same kinds of names and no Connect text', async () => {
    const files = await emittedPackage('test/fixtures/other/petstore.yaml');
    const file = sourceOf(files.find((f) => f.path === MODULE));
    expect(exportedNames(file)).toEqual([
      'petStoreQueryKey',
      'PetsListPetsError',
      'petsListPetsQueryKey',
      'petsListPetsQueryOptions',
      'PetsCreatePetError',
      'PetsCreatePetVariables',
      'petsCreatePetMutationOptions',
      'PetsShowPetByIdError',
      'petsShowPetByIdQueryKey',
      'petsShowPetByIdQueryOptions',
    ]);
    expect(file.getFullText()).not.toMatch(/\bconnect\b|connect-api|users|charging/i);
  });
});
