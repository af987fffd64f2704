/**
 * The part of React Native's `XMLHttpRequest` that its `fetch` (whatwg-fetch) uses, over
 * node:http: in an app the native Networking module does this. What the client meets is
 * whatwg-fetch's `fetch`, `Headers` and `Response` on top; this only carries bytes.
 */
import { request, type ClientRequest } from 'node:http';

type Handler = (() => void) | null;

export class NodeXMLHttpRequest {
  readyState = 0;
  status = 0;
  statusText = '';
  responseURL = '';
  responseType = '';
  response: ArrayBuffer | string | null = null;
  withCredentials = false;
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;
  onreadystatechange: Handler = null;
  #method = 'GET';
  #url = '';
  #headers: Record<string, string> = {};
  #responseHeaders = '';
  #request: ClientRequest | undefined;
  #aborted = false;

  get responseText(): string {
    return typeof this.response === 'string' ? this.response : '';
  }

  open(method: string, url: string): void {
    this.#method = method;
    this.#url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string): void {
    this.#headers[name.toLowerCase()] = value;
  }

  getAllResponseHeaders(): string {
    return this.#responseHeaders;
  }

  send(body: string | URLSearchParams | null): void {
    const payload = body === null ? undefined : String(body);
    this.#request = request(this.#url, { method: this.#method, headers: this.#headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => this.#finish(this.onerror));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        this.status = res.statusCode ?? 0;
        this.statusText = res.statusMessage ?? '';
        this.responseURL = this.#url;
        this.#responseHeaders = Object.entries(res.headers)
          .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`)
          .join('\r\n');
        this.response =
          this.responseType === 'arraybuffer'
            ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
            : bytes.toString('utf8');
        this.#finish(this.onload);
      });
    });
    this.#request.on('error', () => {
      if (!this.#aborted) this.#finish(this.onerror);
    });
    this.#request.end(payload);
  }

  abort(): void {
    this.#aborted = true;
    this.#request?.destroy();
    this.#finish(this.onabort);
  }

  #finish(handler: Handler): void {
    if (this.readyState === 4) return;
    this.readyState = 4;
    this.onreadystatechange?.();
    handler?.();
  }
}
