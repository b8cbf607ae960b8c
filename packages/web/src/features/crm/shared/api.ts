import type {
  CrmField,
  CrmFieldCreateBody,
  CrmFieldUpdateBody,
  Customer,
  CustomerBulkResult,
  CustomerCreateBody,
  CustomerFilter,
  CustomerImportJob,
  CustomerImportMapping,
  CustomerNote,
  CustomerTimelineEntry,
  CustomerUpdateBody,
  CustomerView,
  Envelope,
  Page,
  User,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/* The CRM's calls (issue 15; server: modules/crm/crm.routes.ts). */

export const fetchCustomerPage = async (
  query: { page: number; size: number } & CustomerFilter,
): Promise<Page<Customer>> =>
  (await http.get<Envelope<Page<Customer>>>('/api/customer/query', { params: { ...query } })).data;

export const fetchCustomer = async (cid: string): Promise<Customer> =>
  (await http.get<Envelope<Customer>>('/api/customer/get', { params: { cid } })).data;

export const createCustomer = async (body: CustomerCreateBody): Promise<Customer> =>
  (await http.post<Envelope<Customer>>('/api/customer/create', body)).data;

export const updateCustomer = async (body: CustomerUpdateBody): Promise<Customer> =>
  (await http.post<Envelope<Customer>>('/api/customer/update', body)).data;

export const deleteCustomers = async (cids: string[]): Promise<CustomerBulkResult> =>
  (await http.post<Envelope<CustomerBulkResult>>('/api/customer/delete', { cids })).data;

export const tagCustomers = async (body: {
  cids: string[];
  add: string[];
  remove: string[];
}): Promise<CustomerBulkResult> =>
  (await http.post<Envelope<CustomerBulkResult>>('/api/customer/tag', body)).data;

export const assignCustomers = async (body: {
  cids: string[];
  owner: string | null;
}): Promise<CustomerBulkResult> =>
  (await http.post<Envelope<CustomerBulkResult>>('/api/customer/assign', body)).data;

export const mergeCustomers = async (body: { target: string; source: string }): Promise<Customer> =>
  (await http.post<Envelope<Customer>>('/api/customer/merge', body)).data;

export const fetchDuplicates = async (cid: string): Promise<Customer[]> =>
  (await http.get<Envelope<Customer[]>>('/api/customer/duplicates', { params: { cid } })).data;

export const fetchNotes = async (cid: string): Promise<CustomerNote[]> =>
  (await http.get<Envelope<CustomerNote[]>>('/api/customer/notes', { params: { cid } })).data;

export const addNote = async (body: { cid: string; content: string }): Promise<CustomerNote> =>
  (await http.post<Envelope<CustomerNote>>('/api/customer/note/create', body)).data;

export const deleteNote = async (nid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/customer/note/delete', { nid });
};

export const fetchTimeline = async (cid: string): Promise<CustomerTimelineEntry[]> =>
  (await http.get<Envelope<CustomerTimelineEntry[]>>('/api/customer/timeline', { params: { cid } })).data;

export const fetchFields = async (): Promise<CrmField[]> =>
  (await http.get<Envelope<CrmField[]>>('/api/customer/field/query')).data;

export const createField = async (body: CrmFieldCreateBody): Promise<CrmField> =>
  (await http.post<Envelope<CrmField>>('/api/customer/field/create', body)).data;

export const updateField = async (body: CrmFieldUpdateBody): Promise<CrmField> =>
  (await http.post<Envelope<CrmField>>('/api/customer/field/update', body)).data;

export const deleteField = async (fid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/customer/field/delete', { fid });
};

export const fetchViews = async (): Promise<CustomerView[]> =>
  (await http.get<Envelope<CustomerView[]>>('/api/customer/view/query')).data;

export const createView = async (body: { name: string; filters: CustomerFilter }): Promise<CustomerView> =>
  (await http.post<Envelope<CustomerView>>('/api/customer/view/create', body)).data;

export const deleteView = async (viewId: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/customer/view/delete', { viewId });
};

/**
 * Multipart: `file`, `mapping` (JSON) and `preview`. Starts the import in the background and
 * answers its job; `fetchImportJob` follows its progress until it is done.
 */
export const startCustomerImport = async (options: {
  file: File;
  mapping: CustomerImportMapping;
  preview: boolean;
}): Promise<CustomerImportJob> => {
  const form = new FormData();
  form.append('mapping', JSON.stringify(options.mapping));
  form.append('preview', String(options.preview));
  form.append('file', options.file);
  return (await http.post<Envelope<CustomerImportJob>>('/api/customer/import/start', form)).data;
};

export const fetchImportJob = async (jobId: string): Promise<CustomerImportJob> =>
  (await http.get<Envelope<CustomerImportJob>>('/api/customer/import/status', { params: { jobId } })).data;

/**
 * The organisation's agents for the owner picker. Silent: the list is guarded by `kefu.account`;
 * without it the picker offers only "nobody".
 */
export const fetchAgents = async (): Promise<User[]> =>
  (await http.get<Envelope<Page<User>>>('/api/user/all', { params: { page: 0, size: 200 }, silent: true }))
    .data.content;
