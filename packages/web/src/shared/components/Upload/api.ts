import type { Attachment, Envelope, Page } from '@openkefu/contract';
import { http } from '../../api/http';

/** Spec §9: the attachment picker pages by 12. */
export const ATTACHMENT_PAGE_SIZE = 12;

export const ATTACHMENTS_QUERY_KEY = ['upload', 'attachments'] as const;

export const fetchAttachments = async (
  page: number,
  mediaType: 'image' | 'file' | undefined,
  signal?: AbortSignal,
): Promise<Page<Attachment>> =>
  (
    await http.get<Envelope<Page<Attachment>>>('/api/attachment/query', {
      params: { page, size: ATTACHMENT_PAGE_SIZE, mediaType },
      signal,
    })
  ).data;

export const deleteAttachment = async (aid: string): Promise<void> => {
  await http.delete<Envelope<unknown>>('/api/attachment/delete', { params: { aid } });
};
