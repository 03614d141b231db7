import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { OptionsApp } from '@/components/options/OptionsApp';

// One retry covers a background service worker that was asleep and is starting up.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('Primer options: #root is missing from index.html.');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <OptionsApp />
    </QueryClientProvider>
  </StrictMode>,
);
