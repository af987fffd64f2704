// React Native's URL module and whatwg-fetch are Flow-typed JavaScript without TypeScript
// declarations; these say what globals.ts takes from them.
declare module 'react-native/Libraries/Blob/URL.js' {
  export const URL: typeof globalThis.URL;
  export const URLSearchParams: typeof globalThis.URLSearchParams;
}

declare module 'whatwg-fetch' {
  export const fetch: typeof globalThis.fetch;
  export const Headers: typeof globalThis.Headers;
  export const Request: typeof globalThis.Request;
  export const Response: typeof globalThis.Response;
}

declare module 'flow-parser' {
  export function parse(source: string, options: Record<string, boolean>): unknown;
}
