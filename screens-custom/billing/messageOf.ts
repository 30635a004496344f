/** A failed call's text for the cashier: the server's Chinese message when it answered. */
export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
