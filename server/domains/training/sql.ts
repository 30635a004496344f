/** A timestamp column as the training screens read it: `YYYY-MM-DD HH24:MI:SS` in the session's (business) zone. */
export const ts = (col: string) => `to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`;
