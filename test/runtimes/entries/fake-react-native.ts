/**
 * The in-process fake's flow with React Native's URL, URLSearchParams and fetch globals
 * (whatwg-fetch's `Request`, `Response` and `Headers`, which the fake then builds on) in place
 * of the host's, bundled whole as Metro would, and run on the host's Node.
 */
import '../react-native/globals.js';
import './fake-cli.js';
