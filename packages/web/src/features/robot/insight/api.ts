import type {
  Envelope,
  Faq,
  FaqCreateBody,
  LlmProvider,
  LlmProviderCreateBody,
  LlmProviderTestResult,
  LlmProviderUpdateBody,
  LlmSettings,
  MessageHistory,
  Page,
  RobotHistoryOutcome,
  RobotHistoryRow,
  RobotStatistic,
  RobotTrainingGroup,
  RobotTrainingResolveBody,
  User,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/* The robot's history, training queue and statistics (issue 14), and its large-model providers. */

export type RobotHistoryFilters = { from?: number; to?: number; wid?: string; outcome?: RobotHistoryOutcome };

export const fetchRobotHistory = async (
  query: { page: number; size: number } & RobotHistoryFilters,
): Promise<Page<RobotHistoryRow>> =>
  (await http.get<Envelope<Page<RobotHistoryRow>>>('/api/robot/history', { params: { ...query } })).data;

/** A robot conversation's transcript: its first 200 messages. */
export const fetchTranscript = async (tid: string): Promise<MessageHistory> =>
  (await http.get<Envelope<MessageHistory>>('/api/message/history', { params: { tid, size: 200 } })).data;

export const fetchTraining = async (query: { days: number; wid?: string }): Promise<RobotTrainingGroup[]> =>
  (await http.get<Envelope<RobotTrainingGroup[]>>('/api/robot/training', { params: { ...query } })).data;

export const resolveTraining = async (body: RobotTrainingResolveBody): Promise<{ resolved: number }> =>
  (await http.post<Envelope<{ resolved: number }>>('/api/robot/training/resolve', body)).data;

export const searchFaqs = async (keyword: string): Promise<Faq[]> =>
  (
    await http.get<Envelope<Page<Faq>>>('/api/faq/query', {
      params: { page: 0, size: 20, ...(keyword ? { keyword } : {}) },
    })
  ).data.content;

export const createFaq = async (body: FaqCreateBody): Promise<Faq> =>
  (await http.post<Envelope<Faq>>('/api/faq/create', body)).data;

export const fetchRobotStatistic = async (query: {
  from: number;
  to: number;
  wid?: string;
}): Promise<RobotStatistic> =>
  (await http.get<Envelope<RobotStatistic>>('/api/robot/statistic', { params: { ...query } })).data;

/* Large-model providers (admin only). */

export const fetchProviders = async (): Promise<LlmProvider[]> =>
  (await http.get<Envelope<LlmProvider[]>>('/api/llm/provider/query')).data;

export const createProvider = async (body: LlmProviderCreateBody): Promise<LlmProvider> =>
  (await http.post<Envelope<LlmProvider>>('/api/llm/provider/create', body)).data;

export const updateProvider = async (body: LlmProviderUpdateBody): Promise<LlmProvider> =>
  (await http.post<Envelope<LlmProvider>>('/api/llm/provider/update', body)).data;

export const deleteProvider = async (pid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/llm/provider/delete', { pid });
};

export const testProvider = async (pid: string): Promise<LlmProviderTestResult> =>
  (await http.post<Envelope<LlmProviderTestResult>>('/api/llm/provider/test', { pid })).data;

export const assignProvider = async (uid: string, pid: string | null): Promise<void> => {
  await http.post<Envelope<null>>('/api/llm/robot', { uid, pid });
};

/** The organisation's robots (one page of 100: enough for the large-model page's list). */
export const fetchRobots = async (): Promise<User[]> =>
  (await http.get<Envelope<Page<User>>>('/api/user/robot', { params: { page: 0, size: 100 } })).data.content;

export const fetchLlmSettings = async (): Promise<LlmSettings> =>
  (await http.get<Envelope<LlmSettings>>('/api/llm/settings')).data;

export const saveLlmSettings = async (dailyTokenLimit: number): Promise<LlmSettings> =>
  (await http.post<Envelope<LlmSettings>>('/api/llm/settings', { dailyTokenLimit })).data;
