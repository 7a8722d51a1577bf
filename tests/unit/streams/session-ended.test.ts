import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createSocketConnection } from '../../../src/streams/socket.ts';
import { createFakeServer } from './fake-socket.ts';

describe('socket: the server ends the session (issue 10 item 4)', () => {
  it('a session_ended frame reports the token the socket logged in with, once, and reaches no channel', () => {
    const server = createFakeServer();
    const token$ = new BehaviorSubject<string | null>('t1');
    const connection = createSocketConnection({ transport: server.transport, token$ });
    const ended: string[] = [];
    const privateFrames: unknown[] = [];
    connection.sessionEnded$.subscribe((token) => ended.push(token));
    connection.channel('TX_SUBMIT').subscribe((frame) => privateFrames.push(frame));
    server.current().open();
    expect(server.current().sent[0]).toEqual({ type: 'login', params: 't1' });

    server.current().push({ type: 'session_ended' });
    expect(ended).toEqual(['t1']);
    // A second signal for the same socket (it is anonymous now) reports nothing more.
    server.current().push({ type: 'session_ended' });
    expect(ended).toEqual(['t1']);
    expect(privateFrames).toEqual([]);
    connection.close();
  });

  it('a socket that never logged in reports nothing', () => {
    const server = createFakeServer();
    const connection = createSocketConnection({
      transport: server.transport,
      token$: new BehaviorSubject<string | null>(null),
    });
    const ended: string[] = [];
    connection.sessionEnded$.subscribe((token) => ended.push(token));
    server.current().open();
    server.current().push({ type: 'session_ended' });
    expect(ended).toEqual([]);
    connection.close();
  });
});
