import type { Generated } from 'kysely';
import type { StatisticCounter } from '../modules/statistic/statistic.columns.js';

/**
 * Kysely table types. The same shapes hold on SQLite and PostgreSQL because the migrations only
 * use types both return alike: timestamps are epoch milliseconds (bigint, parsed to number on
 * PostgreSQL), flags are integers 0/1 (SQLite has no boolean and better-sqlite3 cannot bind one),
 * lists are JSON text, money is integer cents.
 */

export type OrganizationTable = {
  id: Generated<number>;
  oid: string;
  name: string;
  sub_domain: string;
  /** The admin account that registered it; no FK because user rows reference the organisation first. */
  owner_user_id: number | null;
  /** JSON array of origins allowed to frame the chat page (migration 0008); [] = any site. */
  embed_sites: Generated<string>;
  created_at: number;
  updated_at: number;
};

export type UserTable = {
  id: Generated<number>;
  uid: string;
  org_id: number;
  username: string;
  password_hash: string;
  nickname: string;
  avatar: Generated<string>;
  email: string | null;
  mobile: string | null;
  real_name: Generated<string>;
  description: Generated<string>;
  enabled: Generated<number>;
  is_robot: Generated<number>;
  balance_cents: Generated<number>;
  validate_until_date: string | null;
  welcome_tip: Generated<string>;
  offline_tip: Generated<string>;
  top_tip: Generated<string>;
  webhook: Generated<string>;
  webhook_leave_message: Generated<string>;
  /** A user status of spec §3 (online, busy, away, rest, eat, …); agents start offline. */
  status: Generated<string>;
  /** An auto-reply preset of spec §3: none, eat, away, back_soon, phone, custom. */
  auto_reply_type: Generated<string>;
  auto_reply_content: Generated<string>;
  auto_pop: Generated<number>;
  show_top_tip: Generated<number>;
  show_form: Generated<number>;
  show_collect_mobile: Generated<number>;
  robot_collect_mobile: Generated<number>;
  hide_logo: Generated<number>;
  max_thread_count: Generated<number>;
  auto_close_minutes: Generated<number>;
  robot_type: string | null;
  last_login_at: number | null;
  last_login_client: string | null;
  /** en-US or zh-CN: the Accept-Language of the last password sign-in (migration 0008); null = unknown. */
  language: string | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
};

export type UserSettingTable = {
  user_id: number;
  preview: Generated<number>;
  connected: Generated<number>;
  disconnected: Generated<number>;
  history_messages: Generated<number>;
  wechat_pay: Generated<number>;
  alipay: Generated<number>;
  updated_at: number;
};

export type BalanceLogTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  operator_id: number | null;
  /** A contract `ledgerKinds` value: recharge, bill, refund, credit, debit, renew, balance, validity. */
  kind: string;
  amount_cents: Generated<number>;
  balance_after_cents: number;
  validate_until_date: string | null;
  description: Generated<string>;
  /** Migration 0027: the order or bill number the movement came from. */
  reference: string | null;
  created_at: number;
};

export type WorkgroupTable = {
  id: Generated<number>;
  wid: string;
  org_id: number;
  nickname: string;
  route_type: Generated<string>;
  leave_message_type: Generated<string>;
  /** JSON `{ timezone, entries: [{ weekday, start, end }] }`; '' means always open. */
  work_times: Generated<string>;
  robot_id: number | null;
  admin_id: number | null;
  on_duty_workgroup_id: number | null;
  avatar: Generated<string>;
  slogan: Generated<string>;
  description: Generated<string>;
  welcome_tip: Generated<string>;
  accept_tip: Generated<string>;
  re_request_tip: Generated<string>;
  robot_tip: Generated<string>;
  offline_tip: Generated<string>;
  close_tip: Generated<string>;
  auto_close_tip: Generated<string>;
  top_tip: Generated<string>;
  non_working_time_tip: Generated<string>;
  max_queue_count_exceed_tip: Generated<string>;
  max_queue_second_exceed_tip: Generated<string>;
  robot_answer_not_found_tip: Generated<string>;
  webhook: Generated<string>;
  webhook_leave_message: Generated<string>;
  default_robot: Generated<number>;
  offline_robot: Generated<number>;
  force_rate: Generated<number>;
  auto_pop: Generated<number>;
  recent: Generated<number>;
  show_robot_faq: Generated<number>;
  show_top_tip: Generated<number>;
  show_form: Generated<number>;
  show_collect_mobile: Generated<number>;
  robot_collect_mobile: Generated<number>;
  hide_logo: Generated<number>;
  show_robot_faq_not_found: Generated<number>;
  show_right_column: Generated<number>;
  /** Migration 0010: the widget offers a help-centre search before the chat. */
  help_center_search: Generated<number>;
  /** Migration 0018: the widget offers "Leave a ticket". */
  widget_ticket: Generated<number>;
  /** Migration 0031: voice and video calls allowed. */
  allow_call: Generated<number>;
  /** Issue 16 (0020): the builder form asked before a chat, and the one sent when a chat closes. */
  prechat_form_id: number | null;
  afterchat_form_id: number | null;
  auto_close_minutes: Generated<number>;
  max_queue_count: Generated<number>;
  max_queue_seconds: Generated<number>;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
};

export type WorkgroupMemberTable = {
  workgroup_id: number;
  user_id: number;
};

/** Core of a conversation; live chat (issue 4) extends it. */
export type ThreadTable = {
  id: Generated<number>;
  tid: string;
  org_id: number;
  /** A thread type of spec §3: workgroup, appointed, robot… */
  type: string;
  /** robot, queuing, chatting, offline, closed (contract `threadStatusValues`). */
  status: string;
  workgroup_id: number | null;
  agent_id: number | null;
  visitor_id: number | null;
  appointed_agent_id: number | null;
  client: Generated<string>;
  /** Preview of the last message. */
  content: Generated<string>;
  close_type: string | null;
  /** Highest message seq; the next message takes seq + 1. */
  seq: Generated<number>;
  /** Care cycle: +1 each time a closed thread is reopened. */
  cycle: Generated<number>;
  rated: Generated<number>;
  visitor_read_seq: Generated<number>;
  agent_read_seq: Generated<number>;
  queued_at: number | null;
  started_at: number | null;
  first_response_at: number | null;
  last_message_at: number | null;
  last_visitor_message_at: number | null;
  closed_at: number | null;
  /** The ticket last made from this conversation (migration 0012). */
  ticket_id: Generated<number | null>;
  /** Until when the visitor's channel lets agents write (migration 0025); null: no limit. */
  reply_until: Generated<number | null>;
  /** The product the visitor's page last reported, as JSON, '' when none (migration 0035). */
  commodity: Generated<string>;
  created_at: number;
  updated_at: number;
};

export type VisitorTable = {
  id: Generated<number>;
  vid: string;
  org_id: number;
  token_hash: string;
  nickname: string;
  avatar: Generated<string>;
  client: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  page: Generated<string>;
  referrer: Generated<string>;
  email: Generated<string>;
  mobile: Generated<string>;
  note: Generated<string>;
  visit_count: Generated<number>;
  first_visit_at: number;
  last_visit_at: number;
  /** The CRM customer it was identified as (migration 0013). */
  customer_id: number | null;
};

export type MessageTable = {
  id: Generated<number>;
  mid: string;
  org_id: number;
  thread_id: number;
  seq: number;
  type: string;
  content: Generated<string>;
  image_url: Generated<string>;
  thumb_url: Generated<string>;
  file_url: Generated<string>;
  file_name: Generated<string>;
  file_size: Generated<number>;
  status: string;
  client: Generated<string>;
  local_id: Generated<string>;
  /** visitor, agent, robot, system */
  sender_kind: string;
  sender_user_id: number | null;
  sender_visitor_id: number | null;
  /** On its way out to the visitor's channel (migration 0025): pending, sent, failed, or ''. */
  delivery: Generated<string>;
  delivery_error: Generated<string>;
  /** A link preview, location or product as JSON (migration 0033), '' when none. */
  card: Generated<string>;
  created_at: number;
};

export type ThreadEventTable = {
  id: Generated<number>;
  org_id: number;
  thread_id: number;
  cycle: number;
  /** contract `threadEventKindSchema` */
  kind: string;
  agent_id: number | null;
  workgroup_id: number | null;
  data: Generated<string>;
  at: number;
};

export type ThreadOfferTable = {
  id: Generated<number>;
  oid: string;
  org_id: number;
  thread_id: number;
  /** transfer or invite */
  kind: string;
  from_user_id: number;
  to_user_id: number | null;
  to_workgroup_id: number | null;
  note: Generated<string>;
  /** pending, accepted, rejected, cancelled */
  status: string;
  created_at: number;
  responded_at: number | null;
};

export type ThreadMemberTable = {
  thread_id: number;
  user_id: number;
  joined_at: number;
};

export type RateTable = {
  id: Generated<number>;
  rid: string;
  org_id: number;
  thread_id: number;
  cycle: number;
  visitor_id: number;
  agent_id: number | null;
  score: number;
  note: Generated<string>;
  invite: Generated<number>;
  auto: Generated<number>;
  client: Generated<string>;
  created_at: number;
};

export type LeaveMessageTable = {
  id: Generated<number>;
  lid: string;
  org_id: number;
  visitor_id: number;
  workgroup_id: number | null;
  agent_id: number | null;
  content: string;
  mobile: Generated<string>;
  email: Generated<string>;
  /** unread, read, replied, closed */
  status: Generated<string>;
  reply: Generated<string>;
  replied_at: number | null;
  replied_by: number | null;
  emailed: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type ThreadSummaryTable = {
  id: Generated<number>;
  sid: string;
  org_id: number;
  thread_id: number;
  agent_id: number | null;
  category: Generated<string>;
  content: string;
  created_at: number;
};

export type AttachmentTable = {
  id: Generated<number>;
  aid: string;
  org_id: number;
  user_id: number | null;
  kind: string;
  file_name: string;
  storage_key: string;
  thumb_key: string | null;
  suffix: string;
  media_type: string;
  size: number;
  created_at: number;
};

export type RoleTable = {
  id: Generated<number>;
  rid: string;
  value: string;
  name: string;
  description: string;
  created_at: number;
  updated_at: number;
};

export type RoleAuthorityTable = {
  role_id: number;
  authority: string;
};

export type RolePermissionTable = {
  role_id: number;
  permission_id: string;
  /** JSON array of permission actions. */
  action_list: string;
};

export type UserRoleTable = {
  user_id: number;
  role_id: number;
};

export type AccessTokenTable = {
  id: Generated<number>;
  jti: string;
  user_id: number;
  client_id: string;
  scope: string;
  /** sha256 of the bearer token: a leaked table does not yield usable tokens. */
  access_hash: string;
  refresh_hash: string;
  access_expires_at: number;
  refresh_expires_at: number;
  revoked_at: number | null;
  created_at: number;
};

export type VerificationCodeTable = {
  id: Generated<number>;
  channel: string;
  address: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  last_sent_at: number;
  consumed_at: number | null;
  created_at: number;
};

export type MenuTable = {
  id: Generated<number>;
  mid: string;
  platform: string;
  name: string;
  parent_id: number | null;
  title: string;
  title_en: string;
  icon: string;
  sort_order: number;
  path: string;
  show: number;
  hide_children: number;
  component: string;
  redirect: string;
  type: string;
  /** JSON array of authority keys. */
  authorities: string;
  debug_only: number;
  admin_only: number;
  created_at: number;
  updated_at: number;
};

export type TabooTable = {
  id: Generated<number>;
  tbid: string;
  /** Null: a platform word, applied to every organisation. */
  org_id: number | null;
  standard: string;
  /** Lower-cased standard word (duplicate check). */
  standard_key: string;
  /** JSON array of strings. */
  synonyms: Generated<string>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
};

export type TabooSettingTable = {
  org_id: number;
  /** mask or block */
  mode: string;
  updated_by: number | null;
  updated_at: number;
};

export type TabooHitTable = {
  id: Generated<number>;
  hid: string;
  org_id: number;
  thread_id: number;
  taboo_id: number | null;
  word: string;
  standard: string;
  /** mask or block */
  action: string;
  /** visitor or agent */
  sender_kind: string;
  sender_user_id: number | null;
  sender_visitor_id: number | null;
  created_at: number;
};

export type BlockTable = {
  id: Generated<number>;
  bid: string;
  org_id: number;
  /** visitor or ip */
  type: string;
  visitor_id: number | null;
  ip: Generated<string>;
  note: Generated<string>;
  operator_id: number | null;
  start_at: number;
  end_at: number | null;
  revoked_at: number | null;
  revoked_by: number | null;
  created_at: number;
};

export type TargetedTable = {
  id: Generated<number>;
  tgid: string;
  org_id: number;
  name: string;
  enabled: Generated<number>;
  /** contains, prefix or regex */
  match_type: string;
  pattern: string;
  min_seconds: Generated<number>;
  min_visits: Generated<number>;
  message: string;
  workgroup_id: number;
  shown_count: Generated<number>;
  accepted_count: Generated<number>;
  declined_count: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type ChatFormTable = {
  id: Generated<number>;
  fid: string;
  org_id: number;
  /** Null: the organisation's default form. */
  workgroup_id: number | null;
  title: Generated<string>;
  /** JSON array of FormField. */
  fields: string;
  created_at: number;
  updated_at: number;
  /** 'prechat' or 'survey' (issue 16). */
  kind: Generated<string>;
  description: Generated<string>;
  /** JSON SurveySettings. */
  settings: Generated<string>;
  /** The live version of a survey; 0 before the first publish. */
  version: Generated<number>;
  /** 1: the working copy changed since the live version. */
  is_changed: Generated<number>;
  published_at: number | null;
};

export type FormVersionTable = {
  id: Generated<number>;
  org_id: number;
  form_id: number;
  version: number;
  title: string;
  description: string;
  fields: string;
  settings: string;
  published_at: number;
};

export type FormResponseTable = {
  id: Generated<number>;
  rid: string;
  org_id: number;
  form_id: number;
  version: number;
  thread_id: number | null;
  visitor_hash: Generated<string>;
  ip_hash: Generated<string>;
  /** JSON FormValues. */
  answers: string;
  duration_ms: number | null;
  created_at: number;
  /** page | chat | prechat | afterchat (0020). */
  source: Generated<string>;
};

/** The organisation's default form of a purpose (0020: the default pre-chat form). */
export type FormDefaultTable = {
  id: Generated<number>;
  org_id: number;
  purpose: string;
  form_id: number;
};

export type FormSessionTable = {
  id: Generated<number>;
  org_id: number;
  form_id: number;
  version: number;
  visitor_hash: string;
  viewed_at: number;
  started_at: number | null;
  last_key: string | null;
  last_index: Generated<number>;
  submitted_at: number | null;
};

export type FormAnswerTable = {
  id: Generated<number>;
  org_id: number;
  thread_id: number;
  visitor_id: number;
  cycle: number;
  /** JSON array of FormAnswer. */
  answers: string;
  created_at: number;
};

export type CategoryTable = {
  id: Generated<number>;
  cid: string;
  /** A category type of the contract (cuw_mine, cuw_company, cuw_platform, …). */
  type: string;
  /** 'platform', 'org:<id>' or 'user:<id>': uniqueness of names is per owner. */
  owner_key: string;
  org_id: number | null;
  user_id: number | null;
  name: string;
  /** Article categories form a tree (migration 0009); null at the top. */
  parent_id: number | null;
  /** Position among siblings, ascending. */
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type QuickReplyTable = {
  id: Generated<number>;
  cid: string;
  /** mine, company or platform. */
  scope: string;
  owner_key: string;
  org_id: number | null;
  user_id: number | null;
  category_id: number | null;
  name: string;
  content: string;
  short_cut: Generated<string>;
  use_count: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type TagTable = {
  id: Generated<number>;
  tgid: string;
  org_id: number;
  /** thread or visitor. */
  type: string;
  name: string;
  color: string;
  created_at: number;
  updated_at: number;
};

export type ThreadTagTable = { thread_id: number; tag_id: number; created_at: number };

export type VisitorTagTable = { visitor_id: number; tag_id: number; created_at: number };

/** Knowledge base (migration 0009). */
export type ArticleTable = {
  id: Generated<number>;
  aid: string;
  org_id: number;
  /** An ArticleType of the contract. */
  type: string;
  title: string;
  summary: Generated<string>;
  /** Sanitised HTML. */
  content: Generated<string>;
  markdown: Generated<string>;
  /** JSON array of strings. */
  keywords: Generated<string>;
  /** draft, scheduled or published. */
  status: Generated<string>;
  publish_at: number | null;
  published_at: number | null;
  recommend: Generated<number>;
  top: Generated<number>;
  read_count: Generated<number>;
  rate_helpful: Generated<number>;
  rate_useless: Generated<number>;
  author_id: number | null;
  version: Generated<number>;
  /** JSON TikuQuestion (tiku) or Tender (zhaobiao), else null. */
  extra: string | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
};

export type ArticleCategoryTable = { article_id: number; category_id: number };

export type ArticleVersionTable = {
  id: Generated<number>;
  article_id: number;
  version: number;
  title: string;
  summary: string;
  content: string;
  markdown: string;
  keywords: string;
  extra: string | null;
  author_id: number | null;
  created_at: number;
};

export type ArticleVoteTable = {
  article_id: number;
  /** SHA-256 of the visitor's help-centre cookie. */
  voter: string;
  helpful: number;
  created_at: number;
};

export type ArticleAttachmentTable = { article_id: number; attachment_id: number };

export type ArticleDailyTable = {
  article_id: number;
  org_id: number;
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: Generated<number>;
  helpful: Generated<number>;
  useless: Generated<number>;
};

export type SearchLogTable = {
  id: Generated<number>;
  org_id: number;
  /** An article type, 'message', later 'faq'. */
  scope: string;
  /** console, help, widget or robot. */
  source: string;
  query: string;
  results: number;
  created_at: number;
};

export type HelpCenterTable = {
  org_id: number;
  /** JSON HelpCenterSettings. */
  settings: string;
  updated_at: number;
};

/** Robot (migration 0011). */
export type FaqTable = {
  id: Generated<number>;
  aid: string;
  org_id: number;
  question: string;
  /** Folded lower-case question: unique per organisation. */
  question_key: string;
  /** JSON array of strings. */
  similar_questions: Generated<string>;
  /** Sanitised HTML. */
  answer: Generated<string>;
  markdown: Generated<string>;
  welcome: Generated<number>;
  recommend: Generated<number>;
  enabled: Generated<number>;
  query_count: Generated<number>;
  rate_helpful: Generated<number>;
  rate_useless: Generated<number>;
  /** JSON array of FAQ aids. */
  related: Generated<string>;
  created_at: number;
  updated_at: number;
};

export type FaqCategoryTable = { faq_id: number; category_id: number };

export type FaqWorkgroupTable = { faq_id: number; workgroup_id: number };

export type RobotWordTable = {
  id: Generated<number>;
  rwid: string;
  org_id: number;
  /** synonym, stopword or transfer. */
  kind: string;
  word: string;
  word_key: string;
  /** JSON array of strings (synonyms only). */
  synonyms: Generated<string>;
  created_at: number;
  updated_at: number;
};

export type RobotQuickButtonTable = {
  id: Generated<number>;
  qbid: string;
  org_id: number;
  workgroup_id: number;
  label: string;
  /** send, link or transfer. */
  action: string;
  content: Generated<string>;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type RobotSettingTable = {
  user_id: number;
  org_id: number;
  not_found_tip: Generated<string>;
  /** Whole percentages. */
  threshold: number;
  suggest_threshold: number;
  updated_at: number;
};

export type RobotRevisionTable = { org_id: number; revision: Generated<number> };

/** Migration 0015: large-model providers (OpenAI-compatible), their robots, limits and usage. */
export type LlmProviderTable = {
  id: Generated<number>;
  pid: string;
  org_id: number;
  name: string;
  base_url: string;
  model: string;
  api_key_sealed: string;
  api_key_hint: string;
  created_at: number;
  updated_at: number;
};
export type LlmRobotTable = { user_id: number; org_id: number; provider_id: number };
export type LlmSettingTable = { org_id: number; daily_token_limit: number; updated_at: number };
export type LlmUsageTable = {
  org_id: number;
  day: string;
  tokens: Generated<number>;
  answers: Generated<number>;
};

/** Migration 0014: normalised robot questions taken out of the training queue. */
export type RobotTrainingTable = {
  id: Generated<number>;
  org_id: number;
  question_key: string;
  /** similar · faq · ignored */
  resolution: string;
  faq_aid: string | null;
  resolved_by: number | null;
  resolved_at: number;
};

/** Issue 15 (migration 0012): tickets and what hangs off them. */
export type TicketCounterTable = { org_id: number; last_number: Generated<number> };

export type TicketTable = {
  id: Generated<number>;
  tkid: string;
  org_id: number;
  number: number;
  title: string;
  /** Sanitised HTML. */
  description: Generated<string>;
  contact_name: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  /** contract ticketStatusValues */
  status: string;
  priority: string;
  /** 0 = lowest … 5 = critical. */
  priority_rank: number;
  type: string;
  source: string;
  category_id: number | null;
  workgroup_id: number | null;
  assignee_id: number | null;
  reporter_id: number | null;
  customer_id: string | null;
  thread_id: number | null;
  feedback_id: string | null;
  /** Migration 0018: the visitor who left it in the widget ("My tickets"). */
  visitor_id: number | null;
  /** Migration 0022: the template it was made from (custom fields checked on update). */
  template_id: number | null;
  /** JSON array of contract TicketAttachment. */
  attachments: Generated<string>;
  /** JSON object of custom field values. */
  custom_fields: Generated<string>;
  reply_token: string;
  due_at: number | null;
  first_response_due_at: number | null;
  resolution_due_at: number | null;
  first_responded_at: number | null;
  first_response_breached: Generated<number>;
  resolution_breached: Generated<number>;
  next_due_at: number | null;
  resolved_at: number | null;
  closed_at: number | null;
  created_at: number;
  updated_at: number;
};

export type TicketWatcherTable = { ticket_id: number; user_id: number; created_at: number };

export type TicketCommentTable = {
  id: Generated<number>;
  cmid: string;
  org_id: number;
  ticket_id: number;
  /** reply | note */
  kind: string;
  content: string;
  author_id: number | null;
  author_email: Generated<string>;
  /** console | email | system */
  via: string;
  /** JSON array of user ids. */
  mentions: Generated<string>;
  attachments: Generated<string>;
  emailed: Generated<number>;
  created_at: number;
};

export type TicketActivityTable = {
  id: Generated<number>;
  org_id: number;
  ticket_id: number;
  actor_id: number | null;
  field: string;
  old_value: string | null;
  new_value: string | null;
  created_at: number;
};

export type TicketSlaPolicyTable = {
  org_id: number;
  priority: string;
  first_response_minutes: number;
  resolution_minutes: number;
  warn_minutes: number;
  updated_at: number;
};

export type TicketTemplateTable = {
  id: Generated<number>;
  ttid: string;
  org_id: number;
  name: string;
  /** JSON of contract TicketTemplate['preset']. */
  preset: string;
  fields: Generated<string>;
  created_at: number;
  updated_at: number;
};

export type TicketNoticeTable = {
  id: Generated<number>;
  nid: string;
  org_id: number;
  user_id: number;
  kind: string;
  ticket_id: number;
  actor_id: number | null;
  read_at: number | null;
  created_at: number;
};

export type TicketInboundTable = { org_id: number; secret_hash: string; created_at: number };

/* CRM and feedback (migration 0013). */

export type CrmFieldTable = {
  id: Generated<number>;
  fid: string;
  org_id: number;
  key: string;
  label: string;
  type: string;
  options: Generated<string>;
  required: Generated<number>;
  sort: Generated<number>;
  created_at: number;
};

export type CustomerTable = {
  id: Generated<number>;
  cid: string;
  org_id: number;
  name: string;
  email: Generated<string>;
  mobile: Generated<string>;
  company: Generated<string>;
  avatar: Generated<string>;
  description: Generated<string>;
  owner_id: number | null;
  channel: Generated<string>;
  external_id: string | null;
  custom_fields: Generated<string>;
  first_contact_at: number | null;
  last_contact_at: number | null;
  created_at: number;
  updated_at: number;
};

export type CustomerTagTable = { customer_id: number; tag: string };

export type CustomerNoteTable = {
  id: Generated<number>;
  nid: string;
  org_id: number;
  customer_id: number;
  author_id: number | null;
  content: string;
  created_at: number;
};

export type CustomerViewTable = {
  id: Generated<number>;
  view_id: string;
  org_id: number;
  user_id: number;
  name: string;
  filters: Generated<string>;
  created_at: number;
};

export type CrmIdentityTable = { org_id: number; secret_sealed: string; created_at: number };

export type FeedbackTable = {
  id: Generated<number>;
  fid: string;
  org_id: number;
  visitor_id: number | null;
  customer_id: number | null;
  category: string;
  content: string;
  images: Generated<string>;
  contact: Generated<string>;
  url: Generated<string>;
  browser: Generated<string>;
  source: string;
  status: string;
  reply: Generated<string>;
  replied_at: number | null;
  first_replied_at: number | null;
  replier_id: number | null;
  closed_at: number | null;
  ticket_id: string | null;
  converted_at: number | null;
  created_at: number;
  updated_at: number;
};

export type QualitySchemeTable = {
  id: Generated<number>;
  qsid: string;
  org_id: number;
  name: string;
  description: Generated<string>;
  pass_mark: Generated<number>;
  is_default: Generated<number>;
  /** JSON QualityCriterion[] */
  criteria: string;
  created_at: number;
  updated_at: number;
};

export type QualitySchemeWorkgroupTable = {
  workgroup_id: number;
  org_id: number;
  scheme_id: number;
};

export type QualityRuleTable = {
  id: Generated<number>;
  qrid: string;
  org_id: number;
  kind: string;
  threshold: Generated<number>;
  enabled: Generated<number>;
  updated_at: number;
};

export type QualityInspectionTable = {
  id: Generated<number>;
  qid: string;
  org_id: number;
  thread_id: number;
  cycle: number;
  agent_id: number | null;
  workgroup_id: number | null;
  scheme_id: number;
  source: string;
  status: string;
  /** JSON QualityFacts */
  facts: Generated<string>;
  /** JSON QualityItemScore[] */
  items: Generated<string>;
  /** JSON `{ name, passMark, criteria }`: the scheme as it was scored (null until scored). */
  scheme_snapshot: string | null;
  score: number | null;
  passed: number | null;
  fatal: Generated<number>;
  checker_id: number | null;
  scored_at: number | null;
  appeal_reason: string | null;
  appeal_reply: Generated<string>;
  appealed_at: number | null;
  decided_at: number | null;
  closed_at: number | null;
  created_at: number;
  updated_at: number;
};

export type QualityCommentTable = {
  id: Generated<number>;
  qcid: string;
  org_id: number;
  inspection_id: number;
  message_id: number | null;
  author_id: number | null;
  content: string;
  created_at: number;
};

/** Hourly rollups of thread events (migration 0019); the counters are listed in modules/statistic/statistic.columns.ts. */
export type StatisticHourlyTable = {
  org_id: number;
  dims: number;
  hour: number;
  agent_id: number;
  workgroup_id: number;
  channel: string;
} & Record<StatisticCounter, Generated<number>>;

export type QualityLogTable = {
  id: Generated<number>;
  org_id: number;
  inspection_id: number;
  actor_id: number | null;
  action: string;
  detail: Generated<string>;
  at: number;
};

export type JobTable = {
  id: Generated<number>;
  org_id: number | null;
  kind: string;
  payload: string;
  serial_key: string | null;
  dedupe_key: string | null;
  status: string;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: number;
  locked_until: number | null;
  last_error: Generated<string>;
  created_at: number;
  updated_at: number;
};

export type ChannelAccountTable = {
  id: Generated<number>;
  caid: string;
  org_id: number;
  type: string;
  name: string;
  workgroup_id: number | null;
  settings: string;
  secrets_sealed: string;
  webhook_key: string;
  app_key: string | null;
  enabled: Generated<number>;
  state: Generated<string>;
  last_inbound_at: number | null;
  last_outbound_at: number | null;
  last_error: Generated<string>;
  last_error_at: number | null;
  created_at: number;
  updated_at: number;
  /** The shop or seller id of an account on the platform's own app (0030). */
  platform_tenant: string | null;
};

export type PlatformChannelTokenTable = {
  name: string;
  value_sealed: string;
  expires_at: number;
};

export type ChannelTokenTable = {
  account_id: number;
  name: string;
  value_sealed: string;
  expires_at: number;
};

export type ChannelUserTable = {
  id: Generated<number>;
  org_id: number;
  account_id: number;
  external_id: string;
  visitor_id: number;
  context: Generated<string>;
  last_inbound_at: number;
  created_at: number;
};

export type ChannelInboundTable = {
  account_id: number;
  external_id: string;
  received_at: number;
};

export type UserOauthTable = {
  user_id: number;
  provider: string;
  subject: string;
  created_at: number;
};

/** Issue 20 (0027): recharge orders, their refunds, promotion codes and announcements. */
export type RechargeOrderTable = {
  id: Generated<number>;
  order_no: string;
  org_id: number;
  user_id: number | null;
  provider: string;
  amount_cents: number;
  pay_cents: number;
  discount_cents: Generated<number>;
  promotion_id: number | null;
  /** pending, paid, closed, refunded. */
  state: string;
  code_url: string | null;
  pay_url: string | null;
  expires_at: number;
  transaction_id: string | null;
  paid_at: number | null;
  refunded_cents: Generated<number>;
  flag: string | null;
  created_at: number;
  updated_at: number;
};

export type RechargeRefundTable = {
  id: Generated<number>;
  out_refund_no: string;
  order_id: number;
  org_id: number;
  amount_cents: number;
  debit_cents: number;
  /** processing, success, closed, abnormal. */
  state: string;
  reason: string;
  operator_id: number | null;
  refund_id: string | null;
  created_at: number;
  updated_at: number;
};

export type PromotionTable = {
  id: Generated<number>;
  prid: string;
  code: string;
  kind: string;
  value: number;
  min_cents: Generated<number>;
  starts_at: number;
  ends_at: number;
  usage_limit: number | null;
  used: Generated<number>;
  enabled: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type PromotionUseTable = {
  promotion_id: number;
  org_id: number;
  order_id: number | null;
  created_at: number;
};

export type AnnouncementTable = {
  id: Generated<number>;
  anid: string;
  title: string;
  content: string;
  starts_at: number;
  ends_at: number;
  on_login_page: Generated<number>;
  enabled: Generated<number>;
  created_at: number;
  updated_at: number;
};

/** Migration 0028 (issue 20): platform administration. */
export type PlatformRevisionTable = { name: string; revision: Generated<number> };
export type PlatformSynonymTable = {
  id: Generated<number>;
  psid: string;
  standard: string;
  standard_key: string;
  synonyms: Generated<string>;
  created_at: number;
  updated_at: number;
};
export type PlatformGreetingTable = {
  language: string;
  tips: string;
  updated_by: number | null;
  updated_at: number;
};
export type PlatformNoticeTable = {
  id: Generated<number>;
  nid: string;
  title: string;
  content: string;
  level: string;
  audience: string;
  author_id: number | null;
  recipient_count: Generated<number>;
  send_email: Generated<number>;
  withdrawn_at: number | null;
  created_at: number;
  updated_at: number;
};
export type PlatformNoticeOrgTable = { notice_id: number; org_id: number };
export type PlatformNoticeReadTable = { notice_id: number; user_id: number; read_at: number };
export type PlatformChannelAppTable = {
  type: string;
  settings: string;
  secrets_sealed: string;
  updated_by: number | null;
  updated_at: number;
};

/** Issue 20 (0029): plans, each organisation's subscription, daily usage, bills and invoices. */
export type PlanTable = {
  id: Generated<number>;
  pid: string;
  name: string;
  description: Generated<string>;
  monthly_cents: Generated<number>;
  included_seats: Generated<number>;
  seat_monthly_cents: Generated<number>;
  included_tokens: Generated<number>;
  token_million_cents: Generated<number>;
  /** JSON array of { code, name, monthlyCents }. */
  add_ons: Generated<string>;
  enabled: Generated<number>;
  is_default: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type OrgBillingTable = {
  org_id: number;
  plan_id: number | null;
  /** JSON array of add-on codes switched on. */
  add_ons: Generated<string>;
  auto_pay: Generated<number>;
  /** `<validity>:<days>` of the last expiry warning sent. */
  expiry_warning: string | null;
  /** YYYY-MM of the last low-balance warning sent. */
  balance_warning: string | null;
  created_at: number;
  updated_at: number;
};

export type UsageDayTable = {
  org_id: number;
  day: string;
  seats: Generated<number>;
  tokens: Generated<number>;
};

export type BillTable = {
  id: Generated<number>;
  bid: string;
  org_id: number;
  period: string;
  /** JSON array of contract BillLine. */
  lines: string;
  total_cents: number;
  /** unpaid, paid, void. */
  state: string;
  paid_by: string | null;
  paid_at: number | null;
  renewed_until: string | null;
  void_reason: string | null;
  due_at: number;
  created_at: number;
  updated_at: number;
};

export type InvoiceTable = {
  id: Generated<number>;
  ivid: string;
  org_id: number;
  requested_by: number | null;
  title: string;
  tax_id: string;
  email: string;
  amount_cents: number;
  /** requested, issued, rejected. */
  state: string;
  reject_reason: string | null;
  storage_key: string | null;
  decided_by: number | null;
  decided_at: number | null;
  requested_at: number;
};

export type InvoiceBillTable = {
  invoice_id: number;
  bill_id: number;
  active: Generated<number>;
};

/** Issue 21 (0032): the VAPID key pair (one row) and the browsers' push subscriptions. */
export type PushVapidTable = {
  id: number;
  public_key: string;
  private_key_sealed: string;
  created_at: number;
};

export type PushSubscriptionTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: Generated<string>;
  created_at: number;
  updated_at: number;
};

/** Issue 21 (0031): voice and video calls between a thread's visitor and its agent. */
export type CallTable = {
  id: Generated<number>;
  cid: string;
  org_id: number;
  thread_id: number;
  visitor_id: number;
  agent_id: number;
  media: string;
  caller: string;
  state: string;
  started_at: number;
  answered_at: number | null;
  ended_at: number | null;
  ended_by: string | null;
  end_reason: string | null;
};

export type Database = {
  call: CallTable;
  push_vapid: PushVapidTable;
  push_subscription: PushSubscriptionTable;
  plan: PlanTable;
  org_billing: OrgBillingTable;
  usage_day: UsageDayTable;
  bill: BillTable;
  invoice: InvoiceTable;
  invoice_bill: InvoiceBillTable;
  platform_revision: PlatformRevisionTable;
  platform_synonym: PlatformSynonymTable;
  platform_greeting: PlatformGreetingTable;
  platform_notice: PlatformNoticeTable;
  platform_notice_org: PlatformNoticeOrgTable;
  platform_notice_read: PlatformNoticeReadTable;
  platform_channel_app: PlatformChannelAppTable;
  recharge_order: RechargeOrderTable;
  recharge_refund: RechargeRefundTable;
  promotion: PromotionTable;
  promotion_use: PromotionUseTable;
  announcement: AnnouncementTable;
  user_oauth: UserOauthTable;
  job: JobTable;
  channel_account: ChannelAccountTable;
  channel_token: ChannelTokenTable;
  platform_channel_token: PlatformChannelTokenTable;
  channel_user: ChannelUserTable;
  channel_inbound: ChannelInboundTable;
  organization: OrganizationTable;
  user: UserTable;
  role: RoleTable;
  role_authority: RoleAuthorityTable;
  role_permission: RolePermissionTable;
  user_role: UserRoleTable;
  access_token: AccessTokenTable;
  verification_code: VerificationCodeTable;
  menu: MenuTable;
  user_setting: UserSettingTable;
  balance_log: BalanceLogTable;
  workgroup: WorkgroupTable;
  workgroup_member: WorkgroupMemberTable;
  thread: ThreadTable;
  attachment: AttachmentTable;
  visitor: VisitorTable;
  message: MessageTable;
  thread_event: ThreadEventTable;
  thread_offer: ThreadOfferTable;
  thread_member: ThreadMemberTable;
  rate: RateTable;
  leave_message: LeaveMessageTable;
  thread_summary: ThreadSummaryTable;
  category: CategoryTable;
  quick_reply: QuickReplyTable;
  tag: TagTable;
  thread_tag: ThreadTagTable;
  visitor_tag: VisitorTagTable;
  taboo: TabooTable;
  taboo_setting: TabooSettingTable;
  taboo_hit: TabooHitTable;
  block: BlockTable;
  targeted: TargetedTable;
  chat_form: ChatFormTable;
  form_answer: FormAnswerTable;
  form_version: FormVersionTable;
  form_response: FormResponseTable;
  form_session: FormSessionTable;
  form_default: FormDefaultTable;
  article: ArticleTable;
  article_category: ArticleCategoryTable;
  article_version: ArticleVersionTable;
  article_vote: ArticleVoteTable;
  article_attachment: ArticleAttachmentTable;
  article_daily: ArticleDailyTable;
  search_log: SearchLogTable;
  help_center: HelpCenterTable;
  faq: FaqTable;
  faq_category: FaqCategoryTable;
  faq_workgroup: FaqWorkgroupTable;
  robot_word: RobotWordTable;
  robot_quick_button: RobotQuickButtonTable;
  robot_setting: RobotSettingTable;
  robot_revision: RobotRevisionTable;
  robot_training: RobotTrainingTable;
  llm_provider: LlmProviderTable;
  llm_robot: LlmRobotTable;
  llm_setting: LlmSettingTable;
  llm_usage: LlmUsageTable;
  ticket_counter: TicketCounterTable;
  ticket: TicketTable;
  ticket_watcher: TicketWatcherTable;
  ticket_comment: TicketCommentTable;
  ticket_activity: TicketActivityTable;
  ticket_sla_policy: TicketSlaPolicyTable;
  ticket_template: TicketTemplateTable;
  ticket_notice: TicketNoticeTable;
  ticket_inbound: TicketInboundTable;
  crm_field: CrmFieldTable;
  customer: CustomerTable;
  customer_tag: CustomerTagTable;
  customer_note: CustomerNoteTable;
  customer_view: CustomerViewTable;
  crm_identity: CrmIdentityTable;
  feedback: FeedbackTable;
  quality_scheme: QualitySchemeTable;
  quality_scheme_workgroup: QualitySchemeWorkgroupTable;
  quality_rule: QualityRuleTable;
  quality_inspection: QualityInspectionTable;
  quality_comment: QualityCommentTable;
  quality_log: QualityLogTable;
  statistic_hourly: StatisticHourlyTable;
};
