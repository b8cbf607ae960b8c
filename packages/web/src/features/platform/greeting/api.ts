import type { Envelope, GreetingTips, Language, PlatformGreeting } from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/** Platform → greetings: the default skill-group tips per language. */

export const GREETINGS_QUERY_KEY = ['platform', 'greetings'] as const;

export const fetchPlatformGreetings = async (): Promise<PlatformGreeting[]> =>
  (await http.get<Envelope<PlatformGreeting[]>>('/api/platform/greeting')).data;

export const savePlatformGreeting = async (
  language: Language,
  tips: GreetingTips,
): Promise<PlatformGreeting> =>
  (await http.post<Envelope<PlatformGreeting>>('/api/platform/greeting/update', { language, tips })).data;
