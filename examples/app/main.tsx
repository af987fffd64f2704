/**
 * The app's start: one client for the app's own backend (proxy mode: the token stays on the
 * server, see server.ts) and one TanStack Query cache. Everything else is in App.tsx.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConnectClient } from '../../generated/src/index.js';
import { App } from './App.js';

const client = new ConnectClient({ auth: 'none', baseUrl: '/api/connect' });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App client={client} />
    </QueryClientProvider>
  </StrictMode>,
);
