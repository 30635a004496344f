import { describe, expect, it } from 'vitest';
import { StompParser, StompProtocolError, encodeFrame } from './stompFrame.ts';
import { negotiateHeartbeat } from './heartbeat.ts';

const frames = (p: StompParser, chunk: string | Buffer) => p.push(chunk);

describe('StompParser', () => {
  it('parses a frame, its headers and body; a repeated header keeps the first value', () => {
    const out = frames(new StompParser(), 'SUBSCRIBE\nid:sub-0\ndestination:/user/queue/user-message\nid:other\n\n\0');
    expect(out).toEqual([{ kind: 'frame', frame: { command: 'SUBSCRIBE', headers: { id: 'sub-0', destination: '/user/queue/user-message' }, body: '' } }]);
  });

  it('accepts CRLF line ends and reports lone EOLs as heart-beats', () => {
    const out = frames(new StompParser(), '\n\r\nSEND\r\ndestination:/x\r\n\r\nhi\0\n');
    expect(out.map((x) => x.kind)).toEqual(['heartbeat', 'heartbeat', 'frame', 'heartbeat']);
    expect(out[2]).toMatchObject({ frame: { command: 'SEND', headers: { destination: '/x' }, body: 'hi' } });
  });

  it('joins a frame delivered in pieces, split inside a multi-byte character', () => {
    const p = new StompParser();
    const bytes = Buffer.from(encodeFrame('SEND', { destination: '/q' }, '消息内容'), 'utf8');
    const cut = bytes.indexOf(Buffer.from('息')) + 1;
    expect(frames(p, bytes.subarray(0, cut))).toEqual([]);
    expect(frames(p, bytes.subarray(cut))).toEqual([{ kind: 'frame', frame: { command: 'SEND', headers: { destination: '/q', 'content-length': '12' }, body: '消息内容' } }]);
  });

  it('reads exactly content-length bytes, so a body may contain NUL', () => {
    const out = frames(new StompParser(), 'SEND\ncontent-length:3\n\na\0b\0');
    expect(out[0]).toMatchObject({ frame: { body: 'a\0b' } });
  });

  it('unescapes headers except in CONNECT; refuses undefined escapes', () => {
    const out = frames(new StompParser(), 'SEND\nk\\cey:a\\\\b\\nc\n\n\0CONNECT\nlogin:a\\cb\n\n\0');
    expect(out[0]).toMatchObject({ frame: { headers: { 'k:ey': 'a\\b\nc' } } });
    expect(out[1]).toMatchObject({ frame: { headers: { login: 'a\\cb' } } });
    expect(() => frames(new StompParser(), 'SEND\nk:\\t\n\n\0')).toThrow(StompProtocolError);
  });

  it('refuses malformed and oversized frames', () => {
    expect(() => frames(new StompParser(), 'send\n\n\0')).toThrow(/bad command/);
    expect(() => frames(new StompParser(), 'SEND\nnocolon\n\n\0')).toThrow(/bad header/);
    expect(() => frames(new StompParser(), 'SEND\ncontent-length:2\n\nabc\0')).toThrow(/NUL/);
    expect(() => frames(new StompParser(), '\rX')).toThrow(/carriage/);
    const small = new StompParser({ maxFrameBytes: 100, maxHeaders: 4 });
    expect(() => small.push(`SEND\n\n${'x'.repeat(200)}`)).toThrow(/too large/);
    expect(() => new StompParser({ maxFrameBytes: 100, maxHeaders: 4 }).push(`SEND\n\n${'x'.repeat(200)}\0`)).toThrow(/too large/);
    expect(() => new StompParser({ maxFrameBytes: 100, maxHeaders: 2 }).push('SEND\na:1\nb:2\nc:3\nd:4\n\n\0')).toThrow(/too many headers/);
  });
});

describe('encodeFrame', () => {
  it('escapes header names and values, adds content-length in bytes, and round-trips', () => {
    const text = encodeFrame('MESSAGE', { destination: '/user/queue/user-message', 'x:y': 'a\nb' }, '{"msg":"你好"}');
    expect(text).toBe('MESSAGE\ndestination:/user/queue/user-message\nx\\cy:a\\nb\ncontent-length:16\n\n{"msg":"你好"}\0');
    expect(new StompParser().push(text)[0]).toMatchObject({ frame: { headers: { 'x:y': 'a\nb', 'content-length': '16' }, body: '{"msg":"你好"}' } });
  });
  it('leaves CONNECTED headers unescaped', () => {
    expect(encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': '5000,5000' })).toBe('CONNECTED\nversion:1.2\nheart-beat:5000,5000\n\n\0');
  });
});

describe('negotiateHeartbeat', () => {
  it('sends and expects at the larger of both wishes, and never when either side says 0', () => {
    expect(negotiateHeartbeat('10000,10000', 5000, 5000)).toEqual({ sendEveryMs: 10000, expectEveryMs: 10000, header: '5000,5000' });
    expect(negotiateHeartbeat('4000,1000', 5000, 5000)).toMatchObject({ sendEveryMs: 5000, expectEveryMs: 5000 });
    expect(negotiateHeartbeat('0,5000', 5000, 5000)).toMatchObject({ sendEveryMs: 5000, expectEveryMs: 0 });
    expect(negotiateHeartbeat(undefined, 5000, 5000)).toMatchObject({ sendEveryMs: 0, expectEveryMs: 0 });
  });
  it('refuses a malformed header', () => {
    expect(() => negotiateHeartbeat('fast', 5000, 5000)).toThrow(StompProtocolError);
  });
});
