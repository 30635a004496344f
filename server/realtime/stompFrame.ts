/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): a pure codec, no sockets.
 * A frame is COMMAND EOL, header lines, an empty line, the body and a NUL; a lone EOL between frames
 * is a heart-beat. Header names and values are escaped (\\ \n \r \c) except in CONNECT and CONNECTED.
 */
export interface StompFrame {
  command: string;
  /** Header names in order; a repeated header keeps its first value (spec 1.2). */
  headers: Record<string, string>;
  body: string;
}

export type Parsed = { kind: 'frame'; frame: StompFrame } | { kind: 'heartbeat' };

export class StompProtocolError extends Error {}

const NUL = 0x00;
const LF = 0x0a;
const CR = 0x0d;

/** Frames whose headers are never escaped (spec 1.2 "Value Encoding"). */
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'CONNECTED']);

export const CLIENT_COMMANDS = new Set(['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT']);

function unescapeHeader(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\(.?)/g, (_, c: string) => {
    switch (c) {
      case 'n': return '\n';
      case 'r': return '\r';
      case 'c': return ':';
      case '\\': return '\\';
      default: throw new StompProtocolError(`undefined escape sequence \\${c}`);
    }
  });
}

function escapeHeader(s: string): string {
  return s.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

export interface ParserLimits {
  /** Largest frame accepted (headers + body), in bytes. */
  maxFrameBytes: number;
  maxHeaders: number;
}

export const DEFAULT_LIMITS: ParserLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 64 };

/**
 * Incremental parser: feed it what the socket delivers (whole frames, several, or pieces) and it
 * answers the complete frames and heart-beats so far. Throws StompProtocolError on a malformed or
 * oversized frame; the connection is then beyond repair.
 */
export class StompParser {
  private buf: Buffer = Buffer.alloc(0);
  constructor(private readonly limits: ParserLimits = DEFAULT_LIMITS) {}

  push(chunk: Buffer | string): Parsed[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buf = this.buf.length ? Buffer.concat([this.buf, bytes]) : bytes;
    const out: Parsed[] = [];
    for (;;) {
      if (this.buf.length === 0) break;
      if (this.buf[0] === LF) {
        out.push({ kind: 'heartbeat' });
        this.buf = this.buf.subarray(1);
        continue;
      }
      if (this.buf[0] === CR) {
        if (this.buf.length < 2) break;
        if (this.buf[1] !== LF) throw new StompProtocolError('stray carriage return');
        out.push({ kind: 'heartbeat' });
        this.buf = this.buf.subarray(2);
        continue;
      }
      const frame = this.takeFrame();
      if (!frame) break;
      out.push({ kind: 'frame', frame });
    }
    if (this.buf.length > this.limits.maxFrameBytes) throw new StompProtocolError('frame too large');
    return out;
  }

  /** One complete frame off the front of the buffer, or null when more bytes are needed. */
  private takeFrame(): StompFrame | null {
    const buf = this.buf;
    // The header block ends at the first empty line.
    let lineStart = 0;
    const lines: string[] = [];
    let bodyStart = -1;
    for (;;) {
      const lf = buf.indexOf(LF, lineStart);
      if (lf < 0) return null;
      const end = lf > lineStart && buf[lf - 1] === CR ? lf - 1 : lf;
      if (end === lineStart) {
        bodyStart = lf + 1;
        break;
      }
      lines.push(buf.toString('utf8', lineStart, end));
      if (lines.length > this.limits.maxHeaders + 1) throw new StompProtocolError('too many headers');
      lineStart = lf + 1;
    }
    const [command, ...headerLines] = lines;
    if (!command || !/^[A-Z]+$/.test(command)) throw new StompProtocolError(`bad command ${JSON.stringify(command ?? '')}`);
    const escaped = !UNESCAPED_COMMANDS.has(command);
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError(`bad header line ${JSON.stringify(line)}`);
      const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
      const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
      if (!(name in headers)) headers[name] = value;
    }
    let bodyEnd: number;
    const lengthHeader = headers['content-length'];
    if (lengthHeader !== undefined) {
      if (!/^\d{1,9}$/.test(lengthHeader)) throw new StompProtocolError('bad content-length');
      const length = Number(lengthHeader);
      if (bodyStart + length > this.limits.maxFrameBytes) throw new StompProtocolError('frame too large');
      if (buf.length < bodyStart + length + 1) return null;
      if (buf[bodyStart + length] !== NUL) throw new StompProtocolError('frame not terminated by NUL after content-length bytes');
      bodyEnd = bodyStart + length;
    } else {
      bodyEnd = buf.indexOf(NUL, bodyStart);
      if (bodyEnd < 0) return null;
      if (bodyEnd > this.limits.maxFrameBytes) throw new StompProtocolError('frame too large');
    }
    const body = buf.toString('utf8', bodyStart, bodyEnd);
    this.buf = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** Serializes a frame; a body gets its content-length (bytes) so it may contain NUL. */
export function encodeFrame(command: string, headers: Record<string, string | number> = {}, body = ''): string {
  const escaped = !UNESCAPED_COMMANDS.has(command);
  let out = `${command}\n`;
  const all: Record<string, string | number> = body ? { ...headers, 'content-length': Buffer.byteLength(body, 'utf8') } : headers;
  for (const [name, value] of Object.entries(all)) {
    const v = String(value);
    out += escaped ? `${escapeHeader(name)}:${escapeHeader(v)}\n` : `${name}:${v}\n`;
  }
  return `${out}\n${body}\0`;
}

/** The heart-beat a server sends: one end of line. */
export const HEARTBEAT = '\n';
