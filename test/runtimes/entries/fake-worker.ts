/**
 * The in-process fake's flow inside a Cloudflare Worker: the fetch handler makes the fake,
 * runs the flow on it and answers with what it saw. No binding names a server, and the
 * Worker's network allows nothing (support/workerd.ts).
 */
import * as sdk from '../../../generated/src/index.js';
import * as fake from '../../../generated/src/connect/fake/fake.js';
import { runFakeFlow } from '../fake-flow.js';

export default {
  async fetch(): Promise<Response> {
    try {
      return Response.json({ result: await runFakeFlow(sdk, fake) });
    } catch (error) {
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return new Response(text, { status: 500 });
    }
  },
};
