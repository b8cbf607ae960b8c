/* Socket.IO room names. Pushes go to a participant's room, so a thread needs no join step and
   fan-out works the same across nodes with the Redis adapter. */

export const agentRoom = (userId: number): string => `u:${userId}`;
/** The agent whose room this is; null for any other room. */
export const agentIdOfRoom = (room: string): number | null =>
  /^u:\d+$/.test(room) ? Number(room.slice(2)) : null;
export const visitorRoom = (visitorId: number): string => `v:${visitorId}`;
/** Every agent socket of an organisation (presence, queue counts). */
export const orgAgentsRoom = (orgId: number): string => `o:${orgId}`;
/** Supervisors following a thread read-only. */
export const watchRoom = (tid: string): string => `w:${tid}`;
