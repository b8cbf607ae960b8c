import { monitorNamespace } from '@openkefu/contract';
import { openConsoleSocket, type ConsoleSocket } from '../../../shared/realtime/consoleSocket';

export type { SocketListener } from '../../../shared/realtime/consoleSocket';
/** The workbench's connection; tests pass a small fake through the RealtimeProvider instead. */
export type ChatSocket = ConsoleSocket;

/** The agent's connection: the chat namespace; connecting makes the agent present (routable). */
export const createAgentSocket = (): ChatSocket =>
  openConsoleSocket('', (token) => ({ kind: 'agent', token }));

/**
 * The wallboard's connection (issue 17): its own namespace, which the server pushes snapshots to.
 * It is no agent socket, so a supervisor watching the wallboard is never handed conversations.
 */
export const createMonitorSocket = (tz: string): ChatSocket =>
  openConsoleSocket(monitorNamespace, (token) => ({ token, tz }));
