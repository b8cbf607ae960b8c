import type {
  Envelope,
  Page,
  PlatformSynonym,
  PlatformSynonymCreateBody,
  PlatformSynonymUpdateBody,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Platform → synonyms: the library every organisation's robot reads (platform staff only). */

export const fetchPlatformSynonyms = async (
  query: PageQuery<{ keyword?: string }>,
): Promise<Page<PlatformSynonym>> =>
  (await http.get<Envelope<Page<PlatformSynonym>>>('/api/platform/synonym/query', { params: query })).data;

export const savePlatformSynonym = async (
  body: PlatformSynonymCreateBody | PlatformSynonymUpdateBody,
): Promise<PlatformSynonym> =>
  (
    await http.post<Envelope<PlatformSynonym>>(
      'psid' in body ? '/api/platform/synonym/update' : '/api/platform/synonym/create',
      body,
    )
  ).data;

export const deletePlatformSynonym = async (psid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/platform/synonym/delete', { psid });
};
