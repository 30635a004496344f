/** One print client connection for a screen: created on demand, replaced when the settings change, closed on unmount. */
import { useEffect, useRef, useState } from 'react';
import { createPrintClient, type PrintClient } from './client.ts';
import type { PrintClientSettings } from './settings.ts';
import type { PrintClientState } from './state.ts';

export function usePrintClient(): { client: PrintClient | null; state: PrintClientState | null; connect(settings: PrintClientSettings): PrintClient } {
  const ref = useRef<PrintClient | null>(null);
  const [state, setState] = useState<PrintClientState | null>(null);
  useEffect(() => () => ref.current?.close(), []);
  return {
    client: ref.current,
    state,
    connect(settings) {
      ref.current?.close();
      const client = createPrintClient({ host: settings.host, token: settings.token });
      ref.current = client;
      client.subscribe((s) => {
        if (ref.current === client) setState(s);
      });
      return client;
    },
  };
}
