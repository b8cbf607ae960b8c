import type { Envelope, PrechatDefault, PublishedSurvey, ThreadFormAnswers } from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/* Pre-chat forms, console side (issue 5; builder forms since issue 16). */

/** The organisation's default pre-chat form (fid null: the built-in form). */
export const fetchPrechatDefault = async (): Promise<PrechatDefault> =>
  (await http.get<Envelope<PrechatDefault>>('/api/form/prechat/default')).data;

export const savePrechatDefault = async (fid: string | null): Promise<PrechatDefault> =>
  (await http.post<Envelope<PrechatDefault>>('/api/form/prechat/default', { fid })).data;

/** The published builder forms a skill group or the organisation may ask before a chat. */
export const fetchPublishedForms = async (): Promise<PublishedSurvey[]> =>
  (await http.get<Envelope<PublishedSurvey[]>>('/api/form/survey/published')).data;

/** The workbench's visitor panel: what the visitor answered before this conversation. */
export const fetchFormAnswers = async (tid: string): Promise<ThreadFormAnswers | null> =>
  (await http.get<Envelope<ThreadFormAnswers | null>>('/api/form/answers', { params: { tid } })).data;
