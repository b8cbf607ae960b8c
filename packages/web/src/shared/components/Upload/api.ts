import type { Attachment, AttachmentQuery, Envelope, Page } from '@openkefu/contract';
import { http } from '../../api/http';

/** Spec §9: the attachment picker pages by 12. */
export const ATTACHMENT_PAGE_SIZE = 12;

export const ATTACHMENTS_QUERY_KEY = ['upload', 'attachments'] as const;

/** `GET /api/attachment/query` with any of its filters (the picker, the attachment library). */
export const fetchAttachmentPage = async (
  {
    page,
    size = ATTACHMENT_PAGE_SIZE,
    kind,
    mediaType,
    keyword,
  }: Pick<AttachmentQuery, 'kind' | 'mediaType' | 'keyword'> & { page: number; size?: number },
  signal?: AbortSignal,
): Promise<Page<Attachment>> =>
  (
    await http.get<Envelope<Page<Attachment>>>('/api/attachment/query', {
      params: { page, size, kind, mediaType, keyword: keyword || undefined },
      signal,
    })
  ).data;

export const fetchAttachments = (
  page: number,
  mediaType: 'image' | 'file' | undefined,
  signal?: AbortSignal,
): Promise<Page<Attachment>> => fetchAttachmentPage({ page, mediaType }, signal);

export const deleteAttachment = async (aid: string): Promise<void> => {
  await http.delete<Envelope<unknown>>('/api/attachment/delete', { params: { aid } });
};
