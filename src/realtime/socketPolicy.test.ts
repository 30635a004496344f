import { describe, expect, it } from 'vitest';
import { SOCKET, isSessionRefusal, mayReconnect, queueOf, socketUrl } from './socketPolicy';

describe('socket policy', () => {
  it('uses the spec constants', () => {
    expect(SOCKET).toMatchObject({ heartbeatMs: 5000, reconnectDelayMs: 5000, startDelayMs: 500, maxCloseAttempts: 300, maxSockets: 50 });
  });
  it('keeps reconnecting up to 300 closes and 50 sockets, and stops beyond either', () => {
    expect(mayReconnect({ closes: 1, sockets: 1 })).toBe(true);
    expect(mayReconnect({ closes: 300, sockets: 50 })).toBe(true);
    expect(mayReconnect({ closes: 301, sockets: 10 })).toBe(false);
    expect(mayReconnect({ closes: 10, sockets: 51 })).toBe(false);
  });
  it('stops at once when the server refuses the session', () => {
    expect(isSessionRefusal('4703')).toBe(true);
    expect(isSessionRefusal('400')).toBe(false);
    expect(isSessionRefusal(undefined)).toBe(false);
  });
  it('builds the endpoint on the page host, wss under https', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/wbskt/');
    expect(socketUrl({ protocol: 'https:', host: 'demo.wxy.local' })).toBe('wss://demo.wxy.local/wbskt/');
  });
  it('maps destinations back to the user queues, spelling included', () => {
    expect(queueOf('/user/queue/class/reocrd/user-message')).toBe('class/reocrd/user-message');
    expect(queueOf('/user/queue/version-message')).toBe('version-message');
    expect(queueOf('/topic/all')).toBeNull();
  });
});
