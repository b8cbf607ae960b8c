import type {
  Envelope,
  Page,
  Survey,
  SurveyQuery,
  SurveyResponse,
  SurveyResponseDetail,
  SurveySaveBody,
  SurveyStatistic,
  SurveyVersion,
} from '@openkefu/contract';
import { downloadFile, type Download } from '../../../shared/api/download';
import { http } from '../../../shared/api/http';

/* The form builder's calls (issue 16; server: modules/form/form.survey.routes.ts). */

export type SurveyFilters = Omit<SurveyQuery, 'page' | 'size' | 'client'>;
export type ResponseFilters = { fid: string; version?: number; from?: number; to?: number };

export const fetchSurveyPage = async (
  query: { page: number; size: number } & SurveyFilters,
): Promise<Page<Survey>> =>
  (await http.get<Envelope<Page<Survey>>>('/api/form/survey/query', { params: { ...query } })).data;

export const fetchSurvey = async (fid: string): Promise<Survey> =>
  (await http.get<Envelope<Survey>>('/api/form/survey/get', { params: { fid } })).data;

export const saveSurvey = async (body: SurveySaveBody): Promise<Survey> =>
  (await http.post<Envelope<Survey>>('/api/form/survey/save', body)).data;

export const publishSurvey = async (fid: string): Promise<Survey> =>
  (await http.post<Envelope<Survey>>('/api/form/survey/publish', { fid })).data;

export const deleteSurvey = async (fid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/form/survey/delete', { fid });
};

export const fetchSurveyVersions = async (fid: string): Promise<SurveyVersion[]> =>
  (await http.get<Envelope<SurveyVersion[]>>('/api/form/survey/versions', { params: { fid } })).data;

export const fetchSurveyResponses = async (
  query: ResponseFilters & { page: number; size: number },
): Promise<Page<SurveyResponse>> =>
  (await http.get<Envelope<Page<SurveyResponse>>>('/api/form/survey/responses', { params: { ...query } }))
    .data;

export const fetchSurveyResponse = async (rid: string): Promise<SurveyResponseDetail> =>
  (await http.get<Envelope<SurveyResponseDetail>>('/api/form/survey/response', { params: { rid } })).data;

export const fetchSurveyStatistic = async (query: ResponseFilters): Promise<SurveyStatistic> =>
  (await http.get<Envelope<SurveyStatistic>>('/api/form/survey/statistic', { params: { ...query } })).data;

export const exportSurveyResponses = (query: ResponseFilters): Promise<Download> =>
  downloadFile('/api/form/survey/export', { ...query }, 'answers.xlsx');
