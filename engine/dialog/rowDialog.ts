/** What a list gives a hand-written dialog opened by an action of kind "dialog". */
export interface RowDialogProps {
  /** The row of a row action; null from the toolbar. */
  row: Record<string, unknown> | null;
  onClose: () => void;
  /** After a change: the list refreshes. */
  onDone: () => void;
}
