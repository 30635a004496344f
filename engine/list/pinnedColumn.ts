/**
 * A table's action column (编辑/删除, a line's remove button) pinned to the right edge of its scroll box, so it stays
 * in reach when the other columns are wider than the screen (lists and document line grids alike).
 */
export const PINNED_RIGHT = { position: 'sticky', right: 0, zIndex: 1, background: 'var(--mantine-color-body)', boxShadow: '-2px 0 4px rgba(0, 0, 0, 0.06)' } as const;
