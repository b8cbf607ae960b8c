import type { createAdapter as CreateAdapter } from '@socket.io/redis-adapter';
import {
  clientEvents,
  realtimeLimits,
  socketAuthSchema,
  type AckError,
  type ClientEventName,
  type Language,
} from '@openkefu/contract';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { ZodError } from 'zod';
import { toAppError } from '../../http/error-handler.js';
import { AppError } from '../../http/errors.js';
import { resolveLanguage, translate } from '../../http/i18n.js';
import type { App } from '../../http/types.js';
import { lazyRequire } from '../../lib/lazy-require.js';
import { createThrottledWarning, watchRedisClient } from '../../lib/redis.js';
import { agentActorOf, visitorActorOf, type ChatActor } from '../thread/chat-actor.js';
import { resolveVisitor } from '../visitor/visitor.guard.js';
import { toUserBrief } from '../user/user.mapper.js';
import { findAccountById } from '../user/user.repository.js';
import { attachConsoleFeed } from './console-feed.js';
import { agentRoom, orgAgentsRoom, visitorRoom, watchRoom } from './rooms.js';
import { createTokenBucket } from './token-bucket.js';

// The Redis adapter loads only when there is Redis (issue 18: a single node never needs it). CommonJS.
const loadRedisAdapter = lazyRequire<{ createAdapter: typeof CreateAdapter }>('@socket.io/redis-adapter');

// bucket: the socket's own event rate limit.
type SocketData = { actor: ChatActor; language: Language; bucket: ReturnType<typeof createTokenBucket> };
type ChatSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;
type Ack = (answer: unknown) => void;

const toAckError = (error: unknown, language: Language, log: FastifyBaseLogger): AckError => {
  const appError =
    error instanceof ZodError
      ? AppError.validation(
          error.issues.map((issue) => ({ field: issue.path.join('.') || 'payload', message: issue.message })),
        )
      : toAppError(error, language);
  if (appError.statusCode >= 500) log.error({ err: error }, 'socket event failed');
  return {
    ok: false,
    status: appError.statusCode,
    message: translate(appError.messageKey, language, appError.params),
    ...(appError.fields ? { fields: appError.fields } : {}),
  };
};

/**
 * The adapter publishes without handling the promise: while Redis is gone every room emit would be
 * an unhandled rejection, which ends the process. Local sockets are still served by the adapter
 * itself; other nodes miss the emit (stored messages stay readable through message:sync).
 */
const publishingSafely = (client: Redis, log: FastifyBaseLogger): Redis => {
  const warn = createThrottledWarning(log, 'redis unreachable: live events reach this node only');
  return new Proxy(client, {
    get: (target, property, receiver) => {
      if (property !== 'publish') return Reflect.get(target, property, receiver) as unknown;
      return (...args: Parameters<Redis['publish']>) =>
        target.publish(...args).catch((error: unknown) => {
          warn(error);
          return 0;
        });
    },
  });
};

/**
 * Socket.IO at /socket.io/ (DESIGN §4): authenticates agents and visitors in the handshake, puts each
 * socket in its participant rooms, and turns client events into service calls with an ack. With
 * Redis, the adapter carries room emits to every node.
 */
export const attachRealtime = (
  app: App,
  options: { redis: Redis | null; adapterKey?: string; consoleRecheckMs?: number },
) => {
  const { services } = app;
  const io = new Server(app.server, {
    path: '/socket.io/',
    serveClient: false,
    maxHttpBufferSize: realtimeLimits.maxPayloadBytes,
    // The widget is embedded in customers' sites: any origin may open a visitor socket; tokens, not
    // cookies, authenticate, so there is nothing for a foreign origin to ride on.
    cors: { origin: true, credentials: false },
  });
  const adapterClients: Redis[] = [];
  if (options.redis) {
    const pub = options.redis.duplicate();
    const sub = options.redis.duplicate();
    adapterClients.push(pub, sub);
    watchRedisClient(pub, 'socket.io pub', app.log);
    watchRedisClient(sub, 'socket.io sub', app.log);
    const { createAdapter } = loadRedisAdapter();
    io.adapter(
      createAdapter(publishingSafely(pub, app.log), sub, {
        key: options.adapterKey ?? `${services.config.redisPrefix}socket.io`,
      }),
    );
  }
  services.hub.attach(io);
  const consoleFeed = attachConsoleFeed(io, {
    authenticate: (token) => services.auth.authenticate(`Bearer ${token}`),
    log: app.log,
    recheckMs: options.consoleRecheckMs,
  });

  io.use((socket, next) => {
    const language = resolveLanguage(socket.handshake.headers['accept-language']);
    const parsed = socketAuthSchema.safeParse(socket.handshake.auth);
    const fail = (error: unknown) => {
      const answer = toAckError(error, language, app.log);
      next(Object.assign(new Error(answer.message), { data: { status: answer.status } }));
    };
    if (!parsed.success) return fail(AppError.unauthorized());
    const { kind, token } = parsed.data;
    const resolve = async (): Promise<ChatActor> => {
      if (kind === 'visitor') return visitorActorOf(services.db, await resolveVisitor(services.db, token));
      const principal = await services.auth.authenticate(`Bearer ${token}`);
      if (!principal.authorities.has('chat'))
        throw AppError.forbidden('error.forbiddenAuthority', { authority: 'chat' });
      return agentActorOf(services.db, principal);
    };
    resolve().then((actor) => {
      const rate =
        actor.kind === 'agent' ? realtimeLimits.agentEventsPerSecond : realtimeLimits.visitorEventsPerSecond;
      (socket as ChatSocket).data = { actor, language, bucket: createTokenBucket(rate * 2, rate) };
      next();
    }, fail);
  });

  // engine.io keeps each connection's HTTP request (parser, buffers) for the connection's life.
  // Socket.IO reads only these fields of it, when it builds a namespace's handshake (a namespace
  // joined later on the same connection, such as the monitor feed, still needs them): keep those.
  io.engine.on('connection', (rawSocket: { request: IncomingMessage & { _query?: unknown } }) => {
    const request = rawSocket.request;
    rawSocket.request = {
      headers: request.headers,
      url: request.url,
      _query: request._query,
      connection: { encrypted: (request.socket as Partial<TLSSocket>).encrypted === true },
    } as unknown as IncomingMessage & { _query?: unknown };
  });

  type Handler = (socket: ChatSocket, actor: ChatActor, payload: never) => Promise<unknown>;
  // One set of handlers for every socket (not a closure set per socket); the socket and its actor
  // come in as arguments.
  const handlers: Record<ClientEventName, Handler> = {
    'message:send': (_socket, actor, payload: Parameters<typeof services.messages.send>[1]) =>
      services.messages.send(actor, payload, actor.kind === 'visitor' ? actor.client : 'web'),
    'message:sync': (_socket, actor, payload: { tid: string; afterSeq: number }) =>
      services.messages.history(actor, { ...payload, size: 200 }),
    'message:receipt': async (_socket, actor, payload: Parameters<typeof services.messages.receipt>[1]) => {
      await services.messages.receipt(actor, payload);
      return null;
    },
    'message:recall': (_socket, actor, payload: { tid: string; mid: string }) =>
      services.messages.recall(actor, payload),
    typing: async (socket, actor, payload: { tid: string; preview: string }) => {
      const thread = await services.messages.loadReadable(actor, payload.tid);
      if (!(await services.messages.isParticipant(actor, thread)))
        throw AppError.notFound('thread.notFound', { tid: payload.tid });
      // Agents never send a preview of their own text; visitors' previews are shown per agent setting.
      const preview = actor.kind === 'visitor' ? payload.preview : '';
      socket
        .to(await services.messages.roomsOf(thread))
        .emit('typing', { tid: thread.tid, preview, by: actor.kind });
      return null;
    },
    'agent:status': async (
      _socket,
      actor,
      payload: { status: string; autoReplyType?: string; autoReplyContent?: string },
    ) => {
      if (actor.kind !== 'agent') throw AppError.forbidden();
      await services.threads.changeStatus(actor, payload);
      const row = await findAccountById(services.db, actor.orgId, actor.userId);
      if (!row) throw AppError.unauthorized();
      return toUserBrief(row);
    },
    'thread:watch': async (socket, actor, payload: { tid: string }) => {
      if (actor.kind !== 'agent' || !(actor.isAdmin || actor.canMonitor))
        throw AppError.forbidden('error.forbiddenAuthority', { authority: 'monitor' });
      const thread = await services.messages.loadReadable(actor, payload.tid);
      await socket.join(watchRoom(thread.tid));
      return services.messages.history(actor, { tid: thread.tid, size: 50 });
    },
    'thread:unwatch': async (socket, _actor, payload: { tid: string }) => {
      await socket.leave(watchRoom(payload.tid));
      return null;
    },
    'call:start': (_socket, actor, payload: Parameters<typeof services.calls.start>[1]) =>
      services.calls.start(actor, payload),
    'call:accept': (_socket, actor, payload: { callId: string }) =>
      services.calls.accept(actor, payload.callId),
    'call:reject': async (_socket, actor, payload: { callId: string }) => {
      await services.calls.reject(actor, payload.callId);
      return null;
    },
    'call:hangup': async (_socket, actor, payload: { callId: string }) => {
      await services.calls.hangup(actor, payload.callId);
      return null;
    },
    'call:signal': async (_socket, actor, payload: Parameters<typeof services.calls.signal>[1]) => {
      await services.calls.signal(actor, payload);
      return null;
    },
  };

  const dispatch = async (socket: ChatSocket, name: ClientEventName, payload: unknown, ack: unknown) => {
    const { actor, language, bucket } = socket.data;
    const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
    if (!bucket.take()) {
      reply(toAckError(AppError.rateLimited(1), language, app.log));
      return;
    }
    try {
      const input = clientEvents[name].payload.parse(payload);
      const data = await handlers[name](socket, actor, input as never);
      reply({ ok: true, data });
    } catch (error) {
      reply(toAckError(error, language, app.log));
    }
  };
  // One listener per event name, shared by every socket: the emitter calls it with `this` = the socket.
  const listeners = (Object.keys(clientEvents) as ClientEventName[]).map(
    (name) =>
      [
        name,
        function (this: ChatSocket, payload: unknown, ack: unknown) {
          void dispatch(this, name, payload, ack);
        },
      ] as const,
  );
  const onAgentDisconnect = function (this: ChatSocket) {
    const { actor } = this.data;
    if (actor.kind === 'agent') void services.presence.disconnect(actor.userId).catch(() => undefined);
  };
  // A call whose party has no socket left on any node cannot go on (once it has had time to come back).
  services.calls.setConnectionCheck(async (room) => (await io.in(room).fetchSockets()).length > 0);
  const onCallPartyDisconnect = function (this: ChatSocket) {
    const { actor } = this.data;
    const party = actor.kind === 'agent' ? { agentId: actor.userId } : { visitorId: actor.visitorId };
    void services.calls
      .partyGone(party)
      .catch((error: unknown) => app.log.warn({ err: error }, 'ending calls of a gone party failed'));
  };

  io.on('connection', (raw) => {
    const socket = raw as ChatSocket;
    const { actor } = socket.data;
    if (actor.kind === 'agent') {
      void socket.join([agentRoom(actor.userId), orgAgentsRoom(actor.orgId)]);
      void services.presence
        .connect(actor.userId)
        .then(() => services.threads.drainForAgent(actor.orgId, actor.userId))
        .catch((error: unknown) => app.log.error({ err: error }, 'agent connect failed'));
      socket.on('disconnect', onAgentDisconnect as never);
    } else {
      void socket.join(visitorRoom(actor.visitorId));
    }
    socket.on('disconnect', onCallPartyDisconnect as never);
    for (const [name, listener] of listeners) socket.on(name as never, listener as never);
  });

  app.addHook('preClose', async () => {
    consoleFeed.close();
    io.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(adapterClients.map((client) => client.quit().catch(() => undefined)));
  });
  return io;
};
