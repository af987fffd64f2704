/**
 * What the hook tests share: a QueryClient without retries (a failed request fails the query
 * at once), a provider around the rendered hook, and Testing Library's cleanup after each test
 * (its automatic cleanup needs vitest's globals, which this repository does not turn on).
 */
import './dom.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach } from 'vitest';

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** A wrapper for `renderHook` that provides `queryClient`. */
export function providing(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
}

/** A fetch that never answers, for tests about what happens before an answer. */
export function neverAnswers(): Promise<Response> {
  return new Promise(() => undefined);
}

afterEach(() => {
  cleanup();
});
