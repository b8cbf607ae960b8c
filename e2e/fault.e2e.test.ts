import type { Message, MessageHistory, ThreadRequestResult, VisitorInitResult } from '@openkefu/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';

/*
 * DESIGN §4 fault test: 100 conversations exchange messages, the server process is killed with
 * SIGKILL mid-stream and started again on the same data, the clients reconnect, resend what was
 * never acknowledged (same localId) and resync by seq. Nothing may be lost or stored twice.
 */

const conversations = 100;
const messagesPerVisitor = 12;
/** The kill comes once this many of the second round's sends are acknowledged: mid-stream at any speed. */
const ackedBeforeKill = 250;

type Envelope<T> = { data: T; status_code: number; message: string };

describe('a killed server loses no message', () => {
  let server: RunningServer | null = null;
  const sockets: Socket[] = [];
  let baseUrl = '';
  /** Sends whose ack never came (in flight at the kill): proof that the kill hit mid-stream. */
  let retries = 0;
  let acked = 0;
  let onAcked: () => void = () => undefined;

  const start = async (reuse: { port?: number; dataDir?: string } = {}) => {
    server = await startServer({}, reuse);
    baseUrl = server.baseUrl;
    return server;
  };

  const call = async <T>(
    path: string,
    init: { method?: string; token?: string; body?: unknown; basic?: boolean } = {},
  ) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.basic ? { authorization: `Basic ${Buffer.from('client:secret').toString('base64')}` } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };

  const connect = (auth: { kind: 'agent' | 'visitor'; token: string }) => {
    const socket = io(baseUrl, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth,
      reconnectionDelay: 200,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    return socket;
  };

  /** Emits until acknowledged: a lost ack (the server died) is answered by resending the same payload. */
  const sendUntilStored = async (socket: Socket, payload: Record<string, unknown>): Promise<Message> => {
    for (;;) {
      try {
        const answer = (await socket.timeout(1500).emitWithAck('message:send', payload)) as {
          ok: boolean;
          data: Message;
        };
        if (answer.ok) {
          acked += 1;
          onAcked();
          return answer.data;
        }
      } catch {
        // timed out: the server is down or restarting
        retries += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
  });

  it('keeps sent = stored = received across a SIGKILL and restart', async () => {
    const first = await start();
    const token = (
      await call<{ access_token: string }>('/oauth/token', {
        basic: true,
        body: { grant_type: 'password', username: 'admin', password: 'admin', scope: 'all' },
      })
    ).access_token;
    const group = (
      await call<Envelope<{ wid: string }>>('/api/workgroup/create', {
        token,
        body: { nickname: 'Fault test' },
      })
    ).data;
    const agents: Socket[] = [];
    for (const name of ['fault-agent-a', 'fault-agent-b']) {
      await call('/api/user/create', {
        token,
        body: {
          username: name,
          password: 'password-123',
          nickname: name,
          maxThreadCount: 60,
          workGroups: [group.wid],
        },
      });
      const agentToken = (
        await call<{ access_token: string }>('/oauth/token', {
          basic: true,
          body: { grant_type: 'password', username: name, password: 'password-123', scope: 'all' },
        })
      ).access_token;
      const socket = connect({ kind: 'agent', token: agentToken });
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      await socket.timeout(3000).emitWithAck('agent:status', { status: 'online' });
      agents.push(socket);
    }
    const agent = agents[0] as Socket;
    const received = new Map<string, Set<string>>();
    const seenSeqs = new Map<string, Set<number>>();
    const remember = (message: Message) => {
      const seqs = seenSeqs.get(message.tid) ?? new Set<number>();
      seqs.add(message.seq);
      seenSeqs.set(message.tid, seqs);
      if (message.sender.kind !== 'visitor') return;
      const seen = received.get(message.tid) ?? new Set<string>();
      seen.add(message.localId);
      received.set(message.tid, seen);
    };
    /** A reconnecting client resyncs after the last seq it holds without a gap, not the highest it saw. */
    const contiguousSeq = (tid: string) => {
      const seqs = seenSeqs.get(tid) ?? new Set<number>();
      let seq = 0;
      while (seqs.has(seq + 1)) seq += 1;
      return seq;
    };
    for (const socket of agents) socket.on('message', remember);

    const visitors: { socket: Socket; tid: string; sent: string[] }[] = [];
    for (let index = 0; index < conversations; index += 1) {
      const identity = (
        await call<Envelope<VisitorInitResult>>('/visitor/api/init', { body: { org: 'openkefu' } })
      ).data;
      const request = (
        await call<Envelope<ThreadRequestResult>>('/visitor/api/thread/request', {
          token: identity.token,
          body: { wid: group.wid },
        })
      ).data;
      expect(request.code).toBe(200);
      const socket = connect({ kind: 'visitor', token: identity.token });
      visitors.push({ socket, tid: request.thread?.tid ?? '', sent: [] });
    }

    const sendAll = async (from: number, to: number) =>
      Promise.all(
        visitors.map(async (visitor, index) => {
          for (let n = from; n < to; n += 1) {
            const localId = `v${index}-m${n}`;
            visitor.sent.push(localId);
            await sendUntilStored(visitor.socket, {
              tid: visitor.tid,
              localId,
              type: 'text',
              content: `message ${n} of ${index}`,
            });
          }
        }),
      );

    await sendAll(0, 2);
    // Kill the server while the next messages are in flight (every visitor has one out: they send
    // one after another), then start it again on the same data. A timer would miss the stream on a
    // fast machine, where all of it is stored within a few milliseconds.
    const killPoint = acked + ackedBeforeKill;
    const midStream = new Promise<void>((resolve) => {
      onAcked = () => {
        if (acked >= killPoint) resolve();
      };
    });
    const inFlight = sendAll(2, messagesPerVisitor);
    await midStream;
    await first.kill();
    await start({ port: first.port, dataDir: first.dataDir });
    await inFlight;

    // The agent resyncs every thread from the last seq it saw.
    for (const visitor of visitors) {
      const answer = (await agent
        .timeout(5000)
        .emitWithAck('message:sync', { tid: visitor.tid, afterSeq: contiguousSeq(visitor.tid) })) as {
        ok: boolean;
        data: MessageHistory;
      };
      expect(answer).toMatchObject({ ok: true });
      for (const message of answer.data.messages) remember(message);
    }

    let sentTotal = 0;
    let storedTotal = 0;
    let receivedTotal = 0;
    for (const visitor of visitors) {
      const stored = (
        (await agent.timeout(5000).emitWithAck('message:sync', { tid: visitor.tid, afterSeq: 0 })) as {
          data: MessageHistory;
        }
      ).data.messages.filter((message) => message.sender.kind === 'visitor');
      const storedIds = stored.map((message) => message.localId);
      expect(new Set(storedIds).size).toBe(storedIds.length);
      expect([...storedIds].sort()).toEqual([...visitor.sent].sort());
      expect([...(received.get(visitor.tid) ?? [])].sort()).toEqual([...visitor.sent].sort());
      sentTotal += visitor.sent.length;
      storedTotal += stored.length;
      receivedTotal += received.get(visitor.tid)?.size ?? 0;
    }
    expect(retries).toBeGreaterThan(0);
    expect(sentTotal).toBe(conversations * messagesPerVisitor);
    expect(storedTotal).toBe(sentTotal);
    expect(receivedTotal).toBe(sentTotal);
  }, 120_000);
});
