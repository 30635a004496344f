import '@mantine/core/styles.layer.css';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../api/queryClient';


/**
 * What every page behind the login needs and the login page does not: the server-data cache, the confirm dialogs and
 * the component library's styles for all its components (the login bundle carries only its own; both are in the
 * `mantine` CSS layer, so the app's own styles win over either whatever order they load in). A chunk of its own,
 * loaded with the first page behind the login (RootView).
 */
export default function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>{children}</ModalsProvider>
    </QueryClientProvider>
  );
}
