import type {
  Envelope,
  Page,
  QualityDecideBody,
  QualityDetail,
  QualityInspection,
  QualityItemScore,
  QualityOptions,
  QualityRule,
  QualityRuleBody,
  QualityScheme,
  QualitySchemeBody,
  QualitySource,
  QualityStatistic,
  QualityStatus,
} from '@openkefu/contract';
import { downloadFile, type Download } from '../../../shared/api/download';
import { http } from '../../../shared/api/http';

/* The quality section's calls (issue 16; server: modules/quality/quality.routes.ts). */

export type QualityFilters = {
  agent?: string;
  workgroup?: string;
  status?: QualityStatus;
  source?: QualitySource;
  from?: number;
  to?: number;
};

export const fetchSchemes = async (): Promise<QualityScheme[]> =>
  (await http.get<Envelope<QualityScheme[]>>('/api/quality/scheme/query')).data;

export const saveScheme = async (body: QualitySchemeBody): Promise<QualityScheme> =>
  (await http.post<Envelope<QualityScheme>>('/api/quality/scheme/save', body)).data;

export const deleteScheme = async (qsid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/quality/scheme/delete', { qsid });
};

export const fetchRules = async (): Promise<QualityRule[]> =>
  (await http.get<Envelope<QualityRule[]>>('/api/quality/rule/query')).data;

export const saveRule = async (body: QualityRuleBody): Promise<QualityRule> =>
  (await http.post<Envelope<QualityRule>>('/api/quality/rule/save', body)).data;

export const fetchInspectionPage = async (
  query: { page: number; size: number } & QualityFilters,
): Promise<Page<QualityInspection>> =>
  (await http.get<Envelope<Page<QualityInspection>>>('/api/quality/query', { params: { ...query } })).data;

export const fetchResultPage = async (
  query: { page: number; size: number } & QualityFilters,
): Promise<Page<QualityInspection>> =>
  (await http.get<Envelope<Page<QualityInspection>>>('/api/quality/result/query', { params: { ...query } }))
    .data;

export const fetchInspection = async (qid: string): Promise<QualityDetail> =>
  (await http.get<Envelope<QualityDetail>>('/api/quality/get', { params: { qid } })).data;

export const addInspection = async (tid: string): Promise<QualityInspection> =>
  (await http.post<Envelope<QualityInspection>>('/api/quality/add', { tid })).data;

export const sampleNow = async (from: number, to: number): Promise<{ added: number; examined: number }> =>
  (await http.post<Envelope<{ added: number; examined: number }>>('/api/quality/sample', { from, to })).data;

export const scoreInspection = async (qid: string, items: QualityItemScore[]): Promise<QualityDetail> =>
  (await http.post<Envelope<QualityDetail>>('/api/quality/score', { qid, items })).data;

export const commentInspection = async (body: {
  qid: string;
  mid: string | null;
  content: string;
}): Promise<QualityDetail> => (await http.post<Envelope<QualityDetail>>('/api/quality/comment', body)).data;

export const appealInspection = async (qid: string, reason: string): Promise<QualityDetail> =>
  (await http.post<Envelope<QualityDetail>>('/api/quality/appeal', { qid, reason })).data;

export const decideAppeal = async (body: QualityDecideBody): Promise<QualityDetail> =>
  (await http.post<Envelope<QualityDetail>>('/api/quality/decide', body)).data;

export const fetchQualityStatistic = async (from: number, to: number): Promise<QualityStatistic> =>
  (await http.get<Envelope<QualityStatistic>>('/api/quality/statistic', { params: { from, to } })).data;

export const exportQualityStatistic = (from: number, to: number): Promise<Download> =>
  downloadFile('/api/quality/statistic/export', { from, to }, 'quality-statistics.xlsx');

export const fetchQualityOptions = async (): Promise<QualityOptions> =>
  (await http.get<Envelope<QualityOptions>>('/api/quality/options')).data;
