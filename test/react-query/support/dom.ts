/**
 * A document for React to render into, from happy-dom, without vitest's happy-dom
 * environment: that one replaces fetch, Request, Response and AbortController with its own,
 * and the hooks under test must talk through Node's real fetch to a real server. So only what
 * Node lacks (document, elements, events, MutationObserver…) is put on the global object.
 * Imported first by every hook test, before React and Testing Library look for a DOM.
 */
import { Window } from 'happy-dom';

const page = new Window({ url: 'http://127.0.0.1/' });
const global = globalThis as unknown as Record<string, unknown>;
const source = page as unknown as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(page)) {
  if (key in globalThis) continue;
  const value = source[key];
  global[key] =
    typeof value === 'function' && !/^[A-Z]/.test(key)
      ? (value as () => unknown).bind(page)
      : value;
}
global['window'] = page;
global['document'] = page.document;
// React's act() warns unless the environment says it is a test.
global['IS_REACT_ACT_ENVIRONMENT'] = true;
