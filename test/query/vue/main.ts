/**
 * The Vue app's start: one client for the page's own backend (proxy mode: the token stays on
 * the server, see server.ts), provided to the screens, and one TanStack Query cache through
 * Vue Query's plugin.
 */
import { QueryClient, VueQueryPlugin } from '@tanstack/vue-query';
import { createApp } from 'vue';
import { ConnectClient } from '../../../generated/src/index.js';
import { App, clientKey } from './App.js';

const client = new ConnectClient({ auth: 'none', baseUrl: '/api/connect' });

createApp(App)
  .provide(clientKey, client)
  .use(VueQueryPlugin, { queryClient: new QueryClient() })
  .mount('#app');
