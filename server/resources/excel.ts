import type ExcelJS from 'exceljs';

/** exceljs is large (about 0.3 s to load): loaded by the first xlsx export, template or import, not at start-up. */
let loading: Promise<typeof ExcelJS> | undefined;
export const loadExcel = (): Promise<typeof ExcelJS> => (loading ??= import('exceljs').then((m) => (m.default ?? m) as typeof ExcelJS));
