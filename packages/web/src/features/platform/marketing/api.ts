import type {
  Announcement,
  AnnouncementSaveBody,
  Envelope,
  Page,
  Promotion,
  PromotionSaveBody,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Platform → marketing: promotion codes and announcements (platform staff only). */

export const fetchPromotionPage = async (query: PageQuery<Record<string, never>>): Promise<Page<Promotion>> =>
  (await http.get<Envelope<Page<Promotion>>>('/api/platform/marketing/promotion/query', { params: query }))
    .data;

/** Create (no prid) or change a code; amounts in cents. */
export const savePromotion = async (body: PromotionSaveBody): Promise<Promotion> =>
  (await http.post<Envelope<Promotion>>('/api/platform/marketing/promotion/save', body)).data;

export const deletePromotion = async (prid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/platform/marketing/promotion/delete', { prid });
};

export const fetchAnnouncementPage = async (
  query: PageQuery<Record<string, never>>,
): Promise<Page<Announcement>> =>
  (
    await http.get<Envelope<Page<Announcement>>>('/api/platform/marketing/announcement/query', {
      params: query,
    })
  ).data;

/** Create (no anid) or change an announcement; the server sanitises its HTML. */
export const saveAnnouncement = async (body: AnnouncementSaveBody): Promise<Announcement> =>
  (await http.post<Envelope<Announcement>>('/api/platform/marketing/announcement/save', body)).data;

export const deleteAnnouncement = async (anid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/platform/marketing/announcement/delete', { anid });
};
