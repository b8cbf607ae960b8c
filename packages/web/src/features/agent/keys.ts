import type { ThreadListKind } from '@openkefu/contract';

/** TanStack Query keys of the workbench; everything under `workbench` is refetched after a reconnect. */
export const workbenchKeys = {
  all: ['workbench'] as const,
  lists: ['workbench', 'threads'] as const,
  list: (kind: ThreadListKind) => ['workbench', 'threads', kind] as const,
  thread: (tid: string) => ['workbench', 'thread', tid] as const,
  me: ['workbench', 'me'] as const,
  settings: ['workbench', 'settings'] as const,
  offers: ['workbench', 'offers'] as const,
  visitor: (vid: string) => ['workbench', 'visitor', vid] as const,
  colleagues: ['workbench', 'colleagues'] as const,
  transferTargets: (tid: string) => ['workbench', 'transferTargets', tid] as const,
  groups: ['workbench', 'groups'] as const,
};
