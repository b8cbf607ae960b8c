import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP hop to Redis that a test can cut (every connection closed, new ones refused) and restore
 * on the same port: a Redis outage without touching the Redis other tests share.
 */
export const startRedisProxy = async (redisUrl: string) => {
  const upstream = new URL(redisUrl);
  const open = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const backend = connect(Number(upstream.port || 6379), upstream.hostname);
        open.add(client).add(backend);
        const drop = () => {
          client.destroy();
          backend.destroy();
          open.delete(client);
          open.delete(backend);
        };
        client.on('error', drop).on('close', drop);
        backend.on('error', drop).on('close', drop);
        client.pipe(backend).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      open.clear();
      if (server) server.close(() => resolve());
      else resolve();
      server = undefined;
    });
  await start();
  const url = new URL(redisUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), cut, restore: start };
};
