/**
 * The flow inside a Cloudflare Worker: a module worker whose fetch handler runs it against
 * the fake and answers with what it saw. esbuild bundles it with the installed package, as
 * wrangler would, and workerd serves it (support/workerd.ts).
 */
import * as sdk from '../../../generated/src/index.js';
import { runFlow } from '../flow.js';

interface Env {
  readonly API_URL: string;
  readonly API_TOKEN: string;
}

export default {
  async fetch(_request: Request, env: Env): Promise<Response> {
    try {
      const result = await runFlow(sdk, { baseUrl: env.API_URL, token: env.API_TOKEN });
      return Response.json({ result });
    } catch (error) {
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return new Response(text, { status: 500 });
    }
  },
};
