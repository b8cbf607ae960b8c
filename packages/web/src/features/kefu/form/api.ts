import type { Envelope, Form, FormField, ThreadFormAnswers } from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/* Issue 5 pre-chat forms, console side: GET /api/form/get, POST /api/form/save and /api/form/delete. */

/** `wid` undefined: the organisation's default form. */
export const fetchForm = async (wid: string | undefined): Promise<Form> =>
  (await http.get<Envelope<Form>>('/api/form/get', { params: { wid } })).data;

export const saveForm = async (body: { wid?: string; title: string; fields: FormField[] }): Promise<Form> =>
  (await http.post<Envelope<Form>>('/api/form/save', body)).data;

export const deleteForm = async (fid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/form/delete', { fid });
};

/** The workbench's visitor panel: what the visitor answered before this conversation. */
export const fetchFormAnswers = async (tid: string): Promise<ThreadFormAnswers | null> =>
  (await http.get<Envelope<ThreadFormAnswers | null>>('/api/form/answers', { params: { tid } })).data;
