/**
 * React Native's networking globals in place of the host's, loaded before the package: its
 * `URL` and `URLSearchParams` (Libraries/Blob/URL.js, or the polyfill when the matrix cell
 * asks for it: support/react-native-bundle.ts chooses the module) and its `fetch`, which is
 * whatwg-fetch over `XMLHttpRequest` (Libraries/Network/fetch.js).
 */
import { URL, URLSearchParams } from 'react-native/Libraries/Blob/URL.js';
import { fetch, Headers, Request, Response } from 'whatwg-fetch';
import { NodeXMLHttpRequest } from './node-xhr.js';

Object.assign(globalThis, {
  URL,
  URLSearchParams,
  fetch,
  Headers,
  Request,
  Response,
  XMLHttpRequest: NodeXMLHttpRequest,
});
