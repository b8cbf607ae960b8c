import type { Envelope, Feedback, FeedbackQuery, FeedbackStatistic, Page } from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/* The feedback section's calls (issue 15; server: modules/feedback/feedback.routes.ts). */

export type FeedbackFilters = Omit<FeedbackQuery, 'page' | 'size'>;

export const fetchFeedbackPage = async (
  query: { page: number; size: number } & FeedbackFilters,
): Promise<Page<Feedback>> =>
  (await http.get<Envelope<Page<Feedback>>>('/api/feedback/query', { params: { ...query } })).data;

export const fetchFeedback = async (fid: string): Promise<Feedback> =>
  (await http.get<Envelope<Feedback>>('/api/feedback/get', { params: { fid } })).data;

export const replyFeedback = async (body: { fid: string; reply: string }): Promise<Feedback> =>
  (await http.post<Envelope<Feedback>>('/api/feedback/reply', body)).data;

export const closeFeedback = async (fid: string): Promise<Feedback> =>
  (await http.post<Envelope<Feedback>>('/api/feedback/close', { fid })).data;

export const convertFeedback = async (fid: string): Promise<{ ticketId: string }> =>
  (await http.post<Envelope<{ ticketId: string }>>('/api/feedback/convert', { fid })).data;

export const fetchFeedbackStatistic = async (from: number, to: number): Promise<FeedbackStatistic> =>
  (await http.get<Envelope<FeedbackStatistic>>('/api/feedback/statistic', { params: { from, to } })).data;
