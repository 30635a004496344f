/** Spec 000 §2: dialogs can be dragged, resized and maximized, never smaller than 410 x 300. */
export const DIALOG_MIN = { width: 410, height: 300 } as const;

/** Where a dialog of this size opens: centred, a little above the middle, never off screen. */
export function initialDialogRect(viewport: { width: number; height: number }, size: { width: number; height: number }) {
  const width = Math.max(DIALOG_MIN.width, Math.min(size.width, viewport.width - 20));
  const height = Math.max(DIALOG_MIN.height, Math.min(size.height, viewport.height - 40));
  return { x: Math.max(0, Math.round((viewport.width - width) / 2)), y: Math.max(0, Math.round((viewport.height - height) / 3)), width, height };
}
