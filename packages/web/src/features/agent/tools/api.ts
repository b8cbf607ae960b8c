import type { Cuw, Envelope, Tag, TagBrief, TagType } from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/* The workbench's agent tools (issue 5): quick replies and tags on the open conversation and visitor. */

export const toolKeys = {
  quickReplies: ['workbench', 'tools', 'quickReplies'] as const,
  tags: (type: TagType) => ['workbench', 'tools', 'tags', type] as const,
  threadTags: (tid: string) => ['workbench', 'tools', 'threadTags', tid] as const,
  visitorTags: (vid: string) => ['workbench', 'tools', 'visitorTags', vid] as const,
};

/** Everything the agent may insert (own, company, platform), filtered in the browser as they type. */
export const fetchQuickReplies = async (): Promise<Cuw[]> =>
  (await http.get<Envelope<Cuw[]>>('/api/cuw/all', { silent: true })).data;

/** Counts one use; a failure only loses a count, so it is silent. */
export const markQuickReplyUsed = async (cid: string): Promise<void> => {
  await http.post<Envelope<Cuw>>('/api/cuw/use', { cid }, { silent: true });
};

export const fetchTags = async (type: TagType): Promise<Tag[]> =>
  (await http.get<Envelope<Tag[]>>('/api/tag/all', { params: { type }, silent: true })).data;

export const fetchThreadTags = async (tid: string): Promise<TagBrief[]> =>
  (await http.get<Envelope<TagBrief[]>>('/api/thread/tags', { params: { tid }, silent: true })).data;

export const saveThreadTags = async (tid: string, tags: string[]): Promise<TagBrief[]> =>
  (await http.post<Envelope<TagBrief[]>>('/api/thread/tags', { tid, tags })).data;

export const fetchVisitorTags = async (vid: string): Promise<TagBrief[]> =>
  (await http.get<Envelope<TagBrief[]>>('/api/visitor/tags', { params: { vid }, silent: true })).data;

export const saveVisitorTags = async (vid: string, tags: string[]): Promise<TagBrief[]> =>
  (await http.post<Envelope<TagBrief[]>>('/api/visitor/tags', { vid, tags })).data;
