import type { App } from '../../http/types.js';

/**
 * The periodic pass that closes idle conversations and fills queues whose agents freed up without
 * an event reaching this node. Every node runs it; the conditional updates make each close and
 * assignment happen once.
 */
export const startChatSweeper = (app: App, intervalMs: number) => {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    app.services.threads
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'chat sweep failed'))
      .finally(() => {
        isRunning = false;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    app.services.presence.close();
  });
};
