/**
 * The in-process fake's flow for a page: bundled as one classic script, which the test adds to
 * a blank page in Chromium, so that nothing is loaded from any server; it leaves
 * `runFakeFlow()` on the page for the test to call.
 */
import * as sdk from '../../../generated/src/index.js';
import * as fake from '../../../generated/src/connect/fake/fake.js';
import { runFakeFlow, type FakeFlowResult } from '../fake-flow.js';

(globalThis as { runFakeFlow?: () => Promise<FakeFlowResult> }).runFakeFlow = () =>
  runFakeFlow(sdk, fake);
