import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
// Before the first render: the catalogues are bound to React here.
import './i18n';
import './styles.css';

// Main is local and fast: no retries that would hide a refusal, and data is fresh until an event says not.
// A change is sent when asked or not at all: never held while the desk is locked and sent after signing in
// again (api/session.ts pauses the queries only).
const queries = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
    mutations: { retry: false, networkMode: 'always' },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
