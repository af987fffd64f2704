/**
 * The flow with React Native's URL, URLSearchParams and fetch in place of the host's
 * (react-native/globals.ts, imported first so it runs before the package). Bundled whole, as
 * Metro would, and run on the host's Node.
 */
import '../react-native/globals.js';
import './cli.js';
