import { StompProtocolError } from './stompFrame.ts';

/**
 * Heart-beat negotiation of STOMP 1.2: the client's CONNECT says `cx,cy` (it can send every cx ms,
 * wants to receive every cy ms); the server offers `sx,sy`. Each side sends every max of the two
 * when neither is 0, and a side that hears nothing for a while may consider the other dead.
 */
export interface HeartbeatPlan {
  /** How often the server sends (ms); 0 = never. */
  sendEveryMs: number;
  /** How often the client promised to send (ms); 0 = not watched. */
  expectEveryMs: number;
  /** The server's heart-beat header for CONNECTED. */
  header: string;
}

export function negotiateHeartbeat(clientHeader: string | undefined, serverSendMs: number, serverExpectMs: number): HeartbeatPlan {
  let cx = 0;
  let cy = 0;
  if (clientHeader !== undefined && clientHeader !== '') {
    const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(clientHeader);
    if (!m) throw new StompProtocolError('heart-beat header must be two integers "cx,cy"');
    cx = Number(m[1]);
    cy = Number(m[2]);
  }
  return {
    sendEveryMs: serverSendMs > 0 && cy > 0 ? Math.max(serverSendMs, cy) : 0,
    expectEveryMs: serverExpectMs > 0 && cx > 0 ? Math.max(serverExpectMs, cx) : 0,
    header: `${serverSendMs},${serverExpectMs}`,
  };
}

/** A peer silent for this many intervals is dropped: one late beat (timer drift, a busy tab) is tolerated. */
export const SILENCE_TOLERANCE = 2;
