import { lazy } from 'react';

/**
 * The engine's way to the print client (screens-custom/designer/printClient: electron-hiprint's socket, the designer's
 * HTML layout), loaded only when a document is printed or its 打印设置 is shown, so no screen carries it at first.
 */
export const loadSilentPrinting = () => import('../../screens-custom/designer/printClient/silent.ts');

export const LazyPrinterSettings = lazy(() => import('../../screens-custom/designer/printClient/PrinterSettings.tsx').then((m) => ({ default: m.PrinterSettings })));
