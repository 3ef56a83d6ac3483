import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { CloseButton } from 'react-bootstrap';
import { ApiError } from '../lib/api-client.ts';
import { AuthProvider } from '../lib/auth.tsx';
import { ConfirmProvider } from '../components/confirm-dialog.tsx';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // Retrying a 4xx is pointless; retry network or server errors once.
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        // Offline, a request fails at once and the screen says "Sem conexão" (instead of waiting, paused,
        // behind a spinner); coming back online still refetches what is on screen.
        networkMode: 'always',
      },
      // A save offline asks the user to try again (api-client) instead of waiting silently.
      mutations: { networkMode: 'always' },
    },
  });
}

/** The toasts' close button, named in pt-BR for screen readers ('Fechar'). */
function ToastClose({ closeToast }: { closeToast(removedByUser: boolean): void }) {
  return (
    <CloseButton
      aria-label="Fechar"
      className="ms-2 flex-shrink-0"
      onClick={(e) => {
        e.stopPropagation();
        closeToast(true);
      }}
    />
  );
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </AuthProvider>
      {/* Toasts: top-right, 5000 ms, drag to dismiss at 80% */}
      <ToastContainer
        position="top-right"
        autoClose={5000}
        draggablePercent={80}
        aria-label="Notificações Alt+T"
        closeButton={ToastClose}
      />
    </QueryClientProvider>
  );
}
