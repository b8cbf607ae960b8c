import type {
  Language,
  StatisticCategory,
  StatisticMetric,
  StatisticMetricKey,
  StatisticUnit,
} from '@openkefu/contract';
import {
  frtBuckets,
  queueBuckets,
  quantileOf,
  statisticCounters,
  type StatisticCounter,
  type Sums,
} from './statistic.columns.js';
import type { DrillCondition } from './statistic.repository.js';

/*
 * The metric registry (DESIGN §8 "metrics"): every figure of the statistics is defined here once —
 * its key, unit, wording in both languages and how it is computed from the summed hourly rollup
 * (statistic.columns.ts) — and the reports, the export and the tooltips read only through it.
 * Durations are stored in ms and reported in seconds. A figure with no data is null, never 0.
 */

/** The figures counted from raw rows rather than the rollups (only when asked for by name). */
export const eventMetricKeys = ['visitors', 'leaveMessages'] as const;
export type EventMetricKey = (typeof eventMetricKeys)[number];

export type MetricInput = Sums & Record<EventMetricKey, number>;

type Text = Record<Language, string>;

export type MetricDefinition = {
  key: StatisticMetricKey;
  category: StatisticCategory;
  unit: StatisticUnit;
  label: Text;
  description: Text;
  formula: Text;
  higherIsBetter: boolean;
  compute: (input: MetricInput) => number | null;
  /** Read from the raw events rather than the rollups: only computed when asked for by name. */
  isFromEvents?: boolean;
  /** The raw events behind the figure (GET /api/statistic/drill). */
  drill?: DrillCondition;
};

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
const averageSeconds = (sumMs: number, count: number): number | null =>
  count > 0 ? sumMs / count / 1000 : null;
const bucketSum = (input: Sums, names: readonly (keyof Sums)[], from: number, to: number) =>
  names.slice(from, to).reduce((sum, name) => sum + input[name], 0);
const histogramOf = (input: Sums, names: readonly (keyof Sums)[]) => names.map((name) => input[name]);

const closed = (input: Sums) => input.closed_agent + input.closed_visitor + input.closed_system;

const cycleStarts = ['created', 'reopened'];

/** Calls that ended without an answer: every reason, a failed ring included. */
const callsNotAnswered = (input: Sums) => input.call_started - input.call_answered;

/** Voice and video calls (issue 21): counted when a call ends, in the hour it started; no drill-down (no thread event behind them). */
const callDefinitions: MetricDefinition[] = [
  {
    key: 'callsStarted',
    category: 'call',
    unit: 'count',
    label: { 'en-US': 'Calls', 'zh-CN': '通话数' },
    description: {
      'en-US':
        'Voice and video calls started in the period, by the visitor or the agent (counted once ended).',
      'zh-CN': '统计期内访客或客服发起的语音、视频通话数（结束后计入）。',
    },
    formula: { 'en-US': 'ended calls, by start time', 'zh-CN': '已结束的通话（按发起时间）' },
    higherIsBetter: true,
    compute: (input) => input.call_started,
  },
  {
    key: 'callsAudio',
    category: 'call',
    unit: 'count',
    label: { 'en-US': 'Voice calls', 'zh-CN': '语音通话' },
    description: { 'en-US': 'Calls started as voice calls.', 'zh-CN': '以语音方式发起的通话数。' },
    formula: { 'en-US': 'calls with media audio', 'zh-CN': '媒体为语音的通话' },
    higherIsBetter: true,
    compute: (input) => input.call_audio,
  },
  {
    key: 'callsVideo',
    category: 'call',
    unit: 'count',
    label: { 'en-US': 'Video calls', 'zh-CN': '视频通话' },
    description: { 'en-US': 'Calls started as video calls.', 'zh-CN': '以视频方式发起的通话数。' },
    formula: { 'en-US': 'calls with media video', 'zh-CN': '媒体为视频的通话' },
    higherIsBetter: true,
    compute: (input) => input.call_video,
  },
  {
    key: 'callsAnswered',
    category: 'call',
    unit: 'count',
    label: { 'en-US': 'Calls answered', 'zh-CN': '接通通话' },
    description: {
      'en-US': 'Calls the other party answered.',
      'zh-CN': '被对方接听的通话数。',
    },
    formula: { 'en-US': 'calls with an answer time', 'zh-CN': '有接听时间的通话' },
    higherIsBetter: true,
    compute: (input) => input.call_answered,
  },
  {
    key: 'callsNotAnswered',
    category: 'call',
    unit: 'count',
    label: { 'en-US': 'Calls not answered', 'zh-CN': '未接通通话' },
    description: {
      'en-US':
        'Calls that ended before anyone answered: no answer in time, declined, busy, withdrawn or failed.',
      'zh-CN': '接听前结束的通话：超时未接、拒接、占线、取消或连接失败。',
    },
    formula: { 'en-US': 'calls − calls answered', 'zh-CN': '通话数 − 接通通话数' },
    higherIsBetter: false,
    compute: callsNotAnswered,
  },
  ...(
    [
      [
        'callsTimeout',
        'call_timeout',
        'No answer in time',
        '超时未接',
        'Calls that rang until the ring time ran out.',
        '响铃超时无人接听的通话数。',
        'timeout',
      ],
      [
        'callsRejected',
        'call_rejected',
        'Declined',
        '拒接',
        'Calls the called party declined.',
        '被对方拒接的通话数。',
        'rejected',
      ],
      [
        'callsBusy',
        'call_busy',
        'Busy',
        '占线',
        'Calls that found the called party in another call.',
        '对方正在另一通话中的通话数。',
        'busy',
      ],
      [
        'callsCancelled',
        'call_cancelled',
        'Cancelled',
        '取消',
        'Calls the caller withdrew before an answer.',
        '接听前被发起方取消的通话数。',
        'cancelled',
      ],
    ] as const
  ).map(([key, counter, en, zh, enDescription, zhDescription, reason]): MetricDefinition => ({
    key,
    category: 'call',
    unit: 'count',
    label: { 'en-US': en, 'zh-CN': zh },
    description: { 'en-US': enDescription, 'zh-CN': zhDescription },
    formula: {
      'en-US': `unanswered calls ended with reason ${reason}`,
      'zh-CN': `未接通且结束原因为「${zh}」的通话`,
    },
    higherIsBetter: false,
    compute: (input) => input[counter],
  })),
  {
    key: 'callAnswerRate',
    category: 'call',
    unit: 'share',
    label: { 'en-US': 'Call answer rate', 'zh-CN': '通话接通率' },
    description: { 'en-US': 'Share of calls that were answered.', 'zh-CN': '通话中被接通的比例。' },
    formula: { 'en-US': 'calls answered ÷ calls', 'zh-CN': '接通通话数 ÷ 通话数' },
    higherIsBetter: true,
    compute: (input) => ratio(input.call_answered, input.call_started),
  },
  {
    key: 'callTalkTimeTotal',
    category: 'call',
    unit: 'seconds',
    label: { 'en-US': 'Total talk time', 'zh-CN': '通话总时长' },
    description: {
      'en-US': 'Time connected in answered calls, from the answer to the end.',
      'zh-CN': '接通通话从接听到结束的时长合计。',
    },
    formula: { 'en-US': 'Σ(ended − answered)', 'zh-CN': 'Σ(结束时间 − 接听时间)' },
    higherIsBetter: true,
    compute: (input) => (input.call_answered > 0 ? input.call_talk_sum / 1000 : null),
  },
  {
    key: 'callTalkTimeAvg',
    category: 'call',
    unit: 'seconds',
    label: { 'en-US': 'Average talk time', 'zh-CN': '平均通话时长' },
    description: {
      'en-US': 'Average time connected per answered call.',
      'zh-CN': '每通接通通话的平均时长。',
    },
    formula: {
      'en-US': 'Σ(ended − answered) ÷ calls answered',
      'zh-CN': 'Σ(结束时间 − 接听时间) ÷ 接通通话数',
    },
    higherIsBetter: true,
    compute: (input) => averageSeconds(input.call_talk_sum, input.call_answered),
  },
];

const definitions: MetricDefinition[] = [
  {
    key: 'conversationsNew',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'New conversations', 'zh-CN': '新会话' },
    description: {
      'en-US': 'Conversations visitors started, counting a reopened one again (each care cycle once).',
      'zh-CN': '访客发起的会话数；重新打开的会话作为新的服务周期再计一次。',
    },
    formula: { 'en-US': 'created + reopened events', 'zh-CN': '创建事件 + 重新打开事件' },
    higherIsBetter: true,
    compute: (input) => input.conv_new,
    drill: { kinds: cycleStarts },
  },
  {
    key: 'conversationsReopened',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'Reopened', 'zh-CN': '重新打开' },
    description: {
      'en-US': 'Closed conversations the visitor opened again (a new care cycle).',
      'zh-CN': '已结束后被访客再次打开的会话（新的服务周期）。',
    },
    formula: { 'en-US': 'reopened events', 'zh-CN': '重新打开事件数' },
    higherIsBetter: false,
    compute: (input) => input.conv_reopened,
    drill: { kinds: ['reopened'] },
  },
  {
    key: 'conversationsQueued',
    category: 'queue',
    unit: 'count',
    label: { 'en-US': 'Queued', 'zh-CN': '排队会话' },
    description: {
      'en-US': 'Care cycles that had to wait in a queue for an agent.',
      'zh-CN': '需要排队等待客服的服务周期数。',
    },
    formula: { 'en-US': 'cycles with a queued event', 'zh-CN': '有排队事件的服务周期' },
    higherIsBetter: false,
    compute: (input) => input.queued,
    drill: { kinds: ['queued'] },
  },
  {
    key: 'conversationsAccepted',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'Accepted', 'zh-CN': '接入会话' },
    description: {
      'en-US': 'Conversations an agent took: assigned at once or from the queue.',
      'zh-CN': '客服接入的会话：直接分配或从排队中接入。',
    },
    formula: { 'en-US': 'assigned events', 'zh-CN': '分配事件数' },
    higherIsBetter: true,
    compute: (input) => input.accepted,
    drill: { kinds: ['assigned'] },
  },
  {
    key: 'conversationsMissed',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'Missed', 'zh-CN': '未接入' },
    description: {
      'en-US':
        'Care cycles that ended without reaching an agent or the robot (abandoned in the queue, outside hours, nobody online).',
      'zh-CN': '结束时既未接入客服也未由机器人接待的服务周期（排队放弃、非工作时间、无人在线）。',
    },
    formula: {
      'en-US': 'closed cycles with no assignment and no robot',
      'zh-CN': '结束且无分配、无机器人的周期',
    },
    higherIsBetter: false,
    compute: (input) => input.missed,
    drill: { kinds: ['closed'], wasAssigned: false, isRobot: false },
  },
  {
    key: 'conversationsAbandoned',
    category: 'queue',
    unit: 'count',
    label: { 'en-US': 'Abandoned in queue', 'zh-CN': '排队放弃' },
    description: {
      'en-US': 'Queued care cycles that ended before an agent took them.',
      'zh-CN': '排队后在客服接入前结束的服务周期。',
    },
    formula: {
      'en-US': 'closed cycles that queued and were never assigned',
      'zh-CN': '排队且未分配即结束的周期',
    },
    higherIsBetter: false,
    compute: (input) => input.abandoned,
    drill: { kinds: ['closed'], wasAssigned: false, wasQueued: true },
  },
  {
    key: 'abandonmentRate',
    category: 'queue',
    unit: 'share',
    label: { 'en-US': 'Abandonment rate', 'zh-CN': '排队放弃率' },
    description: {
      'en-US': 'Share of queued care cycles that were abandoned.',
      'zh-CN': '排队的服务周期中放弃的比例。',
    },
    formula: { 'en-US': 'abandoned ÷ queued', 'zh-CN': '排队放弃数 ÷ 排队数' },
    higherIsBetter: false,
    compute: (input) => ratio(input.abandoned, input.queued),
    drill: { kinds: ['closed'], wasAssigned: false, wasQueued: true },
  },
  {
    key: 'conversationsTransferred',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'Transferred', 'zh-CN': '转接会话' },
    description: {
      'en-US': 'Transfers accepted, counted for the agent who took the conversation over.',
      'zh-CN': '被接受的转接次数，计入接手的客服。',
    },
    formula: { 'en-US': 'transferred events', 'zh-CN': '转接事件数' },
    higherIsBetter: false,
    compute: (input) => input.transferred,
    drill: { kinds: ['transferred'] },
  },
  {
    key: 'conversationsClosed',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'Closed', 'zh-CN': '结束会话' },
    description: {
      'en-US': 'Care cycles that ended, by anyone.',
      'zh-CN': '结束的服务周期（任何一方结束）。',
    },
    formula: { 'en-US': 'closed events', 'zh-CN': '结束事件数' },
    higherIsBetter: true,
    compute: closed,
    drill: { kinds: ['closed'] },
  },
  {
    key: 'closedByAgent',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'Closed by agent', 'zh-CN': '客服结束' },
    description: { 'en-US': 'Conversations the agent ended.', 'zh-CN': '由客服结束的会话。' },
    formula: { 'en-US': 'closed events with close type agent', 'zh-CN': '结束方式为客服的结束事件' },
    higherIsBetter: true,
    compute: (input) => input.closed_agent,
    drill: { kinds: ['closed'], closeTypes: ['agent'] },
  },
  {
    key: 'closedByVisitor',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'Closed by visitor', 'zh-CN': '访客结束' },
    description: { 'en-US': 'Conversations the visitor ended.', 'zh-CN': '由访客结束的会话。' },
    formula: { 'en-US': 'closed events with close type visitor', 'zh-CN': '结束方式为访客的结束事件' },
    higherIsBetter: false,
    compute: (input) => input.closed_visitor,
    drill: { kinds: ['closed'], closeTypes: ['visitor'] },
  },
  {
    key: 'closedBySystem',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'Closed by system', 'zh-CN': '系统结束' },
    description: {
      'en-US': 'Conversations ended automatically: idle timeout, outside work hours, offline.',
      'zh-CN': '系统自动结束的会话：超时、非工作时间、离线。',
    },
    formula: {
      'en-US': 'closed events with close type timeout / non_working_time / offline',
      'zh-CN': '结束方式为超时、非工作时间或离线的结束事件',
    },
    higherIsBetter: false,
    compute: (input) => input.closed_system,
    drill: { kinds: ['closed'], closeTypes: ['timeout', 'non_working_time', 'offline'] },
  },
  {
    key: 'visitors',
    category: 'visitor',
    unit: 'count',
    label: { 'en-US': 'Visitors', 'zh-CN': '访客数' },
    description: {
      'en-US':
        'Distinct visitors who started a conversation (for one agent: whose conversation the agent took).',
      'zh-CN': '发起会话的不重复访客数（按客服筛选时：该客服接待的访客）。',
    },
    formula: {
      'en-US': 'distinct visitors of created / reopened events',
      'zh-CN': '创建、重新打开事件的不重复访客',
    },
    higherIsBetter: true,
    compute: (input) => input.visitors,
    isFromEvents: true,
    drill: { kinds: cycleStarts },
  },
  {
    key: 'messagesVisitor',
    category: 'message',
    unit: 'count',
    label: { 'en-US': 'Visitor messages', 'zh-CN': '访客消息数' },
    description: {
      'en-US': 'Messages visitors sent in conversations that closed in the period (counted at the close).',
      'zh-CN': '在统计期内结束的会话中访客发送的消息数（在结束时计入）。',
    },
    formula: { 'en-US': 'visitor messages of each closed cycle', 'zh-CN': '每个结束周期的访客消息' },
    higherIsBetter: true,
    compute: (input) => input.msg_visitor,
    drill: { kinds: ['closed'] },
  },
  {
    key: 'messagesAgent',
    category: 'message',
    unit: 'count',
    label: { 'en-US': 'Agent messages', 'zh-CN': '客服消息数' },
    description: {
      'en-US': 'Messages agents sent in conversations that closed in the period (counted at the close).',
      'zh-CN': '在统计期内结束的会话中客服发送的消息数（在结束时计入）。',
    },
    formula: { 'en-US': 'agent messages of each closed cycle', 'zh-CN': '每个结束周期的客服消息' },
    higherIsBetter: true,
    compute: (input) => input.msg_agent,
    drill: { kinds: ['closed'] },
  },
  {
    key: 'queueTimeAvg',
    category: 'queue',
    unit: 'seconds',
    label: { 'en-US': 'Average queue time', 'zh-CN': '平均排队时长' },
    description: {
      'en-US': 'Average wait from joining the queue to an agent taking the conversation.',
      'zh-CN': '从进入排队到客服接入的平均等待时长。',
    },
    formula: {
      'en-US': 'Σ(assigned − queued) ÷ accepted from queue',
      'zh-CN': 'Σ(接入时间 − 排队时间) ÷ 排队接入数',
    },
    higherIsBetter: false,
    compute: (input) => averageSeconds(input.queue_sum, input.queue_count),
    drill: { kinds: ['assigned'], wasQueued: true },
  },
  {
    key: 'queueTimeMax',
    category: 'queue',
    unit: 'seconds',
    label: { 'en-US': 'Longest queue time', 'zh-CN': '最长排队时长' },
    description: {
      'en-US': 'The longest wait in the queue before an agent took it.',
      'zh-CN': '客服接入前的最长排队等待。',
    },
    formula: { 'en-US': 'max(assigned − queued)', 'zh-CN': 'max(接入时间 − 排队时间)' },
    higherIsBetter: false,
    compute: (input) => (input.queue_count > 0 ? input.queue_max / 1000 : null),
    drill: { kinds: ['assigned'], wasQueued: true },
  },
  {
    key: 'queueTimeP90',
    category: 'queue',
    unit: 'seconds',
    label: { 'en-US': 'Queue time (90th percentile)', 'zh-CN': '排队时长（90 分位）' },
    description: {
      'en-US':
        '90 % of visitors taken from the queue waited at most this long (estimated within fixed buckets).',
      'zh-CN': '90% 的排队访客等待不超过该时长（按固定区间估算）。',
    },
    formula: { 'en-US': 'p90 of the queue-time histogram', 'zh-CN': '排队时长直方图的 90 分位' },
    higherIsBetter: false,
    compute: (input) => quantileOf(histogramOf(input, queueBuckets), 0.9, input.queue_max / 1000),
    drill: { kinds: ['assigned'], wasQueued: true },
  },
  {
    key: 'firstResponseAvg',
    category: 'response',
    unit: 'seconds',
    label: { 'en-US': 'Average first response', 'zh-CN': '平均首次响应时长' },
    description: {
      'en-US': "Average time from the visitor's request (or reopening) to the agent's first message.",
      'zh-CN': '从访客发起（或重新打开）会话到客服第一条消息的平均时长。',
    },
    formula: {
      'en-US': 'Σ(first response − cycle start) ÷ first responses',
      'zh-CN': 'Σ(首次响应 − 周期开始) ÷ 首次响应数',
    },
    higherIsBetter: false,
    compute: (input) => averageSeconds(input.frt_sum, input.frt_count),
    drill: { kinds: ['first_response'] },
  },
  {
    key: 'firstResponseMedian',
    category: 'response',
    unit: 'seconds',
    label: { 'en-US': 'Median first response', 'zh-CN': '首次响应时长中位数' },
    description: {
      'en-US': 'Half of the first responses came faster than this (estimated within fixed buckets).',
      'zh-CN': '一半的首次响应快于该时长（按固定区间估算）。',
    },
    formula: { 'en-US': 'p50 of the first-response histogram', 'zh-CN': '首次响应直方图的 50 分位' },
    higherIsBetter: false,
    compute: (input) => quantileOf(histogramOf(input, frtBuckets), 0.5, input.frt_max / 1000),
    drill: { kinds: ['first_response'] },
  },
  {
    key: 'firstResponseP90',
    category: 'response',
    unit: 'seconds',
    label: { 'en-US': 'First response (90th percentile)', 'zh-CN': '首次响应时长（90 分位）' },
    description: {
      'en-US':
        '90 % of first responses came at most this long after the request (estimated within fixed buckets).',
      'zh-CN': '90% 的首次响应不晚于该时长（按固定区间估算）。',
    },
    formula: { 'en-US': 'p90 of the first-response histogram', 'zh-CN': '首次响应直方图的 90 分位' },
    higherIsBetter: false,
    compute: (input) => quantileOf(histogramOf(input, frtBuckets), 0.9, input.frt_max / 1000),
    drill: { kinds: ['first_response'] },
  },
  {
    key: 'firstResponseBusinessAvg',
    category: 'response',
    unit: 'seconds',
    label: { 'en-US': 'Average first response (business hours)', 'zh-CN': '平均首次响应时长（工作时间）' },
    description: {
      'en-US': "Like the average first response, counting only the skill group's work hours.",
      'zh-CN': '同平均首次响应时长，但只计技能组的工作时间。',
    },
    formula: {
      'en-US': 'Σ work-hour part of (first response − cycle start) ÷ first responses',
      'zh-CN': 'Σ 工作时间内的(首次响应 − 周期开始) ÷ 首次响应数',
    },
    higherIsBetter: false,
    compute: (input) => averageSeconds(input.frt_bh_sum, input.frt_bh_count),
    drill: { kinds: ['first_response'] },
  },
  {
    key: 'responseUnder1m',
    category: 'response',
    unit: 'count',
    label: { 'en-US': 'First response < 1 min', 'zh-CN': '首次响应 < 1 分钟' },
    description: { 'en-US': 'First responses within a minute.', 'zh-CN': '1 分钟内的首次响应数。' },
    formula: { 'en-US': 'first responses under 60 s', 'zh-CN': '60 秒内的首次响应' },
    higherIsBetter: true,
    compute: (input) => bucketSum(input, frtBuckets, 0, 5),
    drill: { kinds: ['first_response'] },
  },
  {
    key: 'response1to3m',
    category: 'response',
    unit: 'count',
    label: { 'en-US': 'First response 1–3 min', 'zh-CN': '首次响应 1–3 分钟' },
    description: {
      'en-US': 'First responses after 1 and within 3 minutes.',
      'zh-CN': '1 至 3 分钟内的首次响应数。',
    },
    formula: { 'en-US': 'first responses in [60 s, 180 s)', 'zh-CN': '[60 秒, 180 秒) 的首次响应' },
    higherIsBetter: false,
    compute: (input) => bucketSum(input, frtBuckets, 5, 8),
    drill: { kinds: ['first_response'] },
  },
  {
    key: 'response3to5m',
    category: 'response',
    unit: 'count',
    label: { 'en-US': 'First response 3–5 min', 'zh-CN': '首次响应 3–5 分钟' },
    description: {
      'en-US': 'First responses after 3 and within 5 minutes.',
      'zh-CN': '3 至 5 分钟内的首次响应数。',
    },
    formula: { 'en-US': 'first responses in [180 s, 300 s)', 'zh-CN': '[180 秒, 300 秒) 的首次响应' },
    higherIsBetter: false,
    compute: (input) => bucketSum(input, frtBuckets, 8, 10),
    drill: { kinds: ['first_response'] },
  },
  {
    key: 'responseOver5m',
    category: 'response',
    unit: 'count',
    label: { 'en-US': 'First response > 5 min', 'zh-CN': '首次响应 > 5 分钟' },
    description: {
      'en-US': 'First responses after 5 minutes or more.',
      'zh-CN': '超过 5 分钟的首次响应数。',
    },
    formula: { 'en-US': 'first responses of 300 s or more', 'zh-CN': '300 秒及以上的首次响应' },
    higherIsBetter: false,
    compute: (input) => bucketSum(input, frtBuckets, 10, frtBuckets.length),
    drill: { kinds: ['first_response'] },
  },
  {
    key: 'handleTimeAvg',
    category: 'handling',
    unit: 'seconds',
    label: { 'en-US': 'Average handle time', 'zh-CN': '平均接待时长' },
    description: {
      'en-US': 'Average time from an agent taking the conversation to its close.',
      'zh-CN': '从客服接入到会话结束的平均时长。',
    },
    formula: {
      'en-US': 'Σ(closed − assigned) ÷ closed after assignment',
      'zh-CN': 'Σ(结束 − 接入) ÷ 接入后结束数',
    },
    higherIsBetter: false,
    compute: (input) => averageSeconds(input.handle_sum, input.handle_count),
    drill: { kinds: ['closed'], wasAssigned: true },
  },
  {
    key: 'resolutionTimeAvg',
    category: 'handling',
    unit: 'seconds',
    label: { 'en-US': 'Average resolution time', 'zh-CN': '平均解决时长' },
    description: {
      'en-US': "Average time from the visitor's request to the close, for conversations an agent handled.",
      'zh-CN': '客服接待过的会话从访客发起到结束的平均时长。',
    },
    formula: {
      'en-US': 'Σ(closed − cycle start) ÷ closed after assignment',
      'zh-CN': 'Σ(结束 − 周期开始) ÷ 接入后结束数',
    },
    higherIsBetter: false,
    compute: (input) => averageSeconds(input.resolution_sum, input.resolution_count),
    drill: { kinds: ['closed'], wasAssigned: true },
  },
  {
    key: 'resolutionTimeBusinessAvg',
    category: 'handling',
    unit: 'seconds',
    label: { 'en-US': 'Average resolution time (business hours)', 'zh-CN': '平均解决时长（工作时间）' },
    description: {
      'en-US': "Like the average resolution time, counting only the skill group's work hours.",
      'zh-CN': '同平均解决时长，但只计技能组的工作时间。',
    },
    formula: {
      'en-US': 'Σ work-hour part of (closed − cycle start) ÷ closed after assignment',
      'zh-CN': 'Σ 工作时间内的(结束 − 周期开始) ÷ 接入后结束数',
    },
    higherIsBetter: false,
    compute: (input) => averageSeconds(input.resolution_bh_sum, input.resolution_count),
    drill: { kinds: ['closed'], wasAssigned: true },
  },
  {
    key: 'ratings',
    category: 'satisfaction',
    unit: 'count',
    label: { 'en-US': 'Ratings', 'zh-CN': '评价数' },
    description: { 'en-US': 'Satisfaction ratings visitors gave.', 'zh-CN': '访客给出的满意度评价数。' },
    formula: { 'en-US': 'rated events', 'zh-CN': '评价事件数' },
    higherIsBetter: true,
    compute: (input) => input.rated,
    drill: { kinds: ['rated'] },
  },
  {
    key: 'ratedShare',
    category: 'satisfaction',
    unit: 'share',
    label: { 'en-US': 'Rated share', 'zh-CN': '参评率' },
    description: {
      'en-US': 'Ratings per closed conversation in the period.',
      'zh-CN': '统计期内评价数与结束会话数之比。',
    },
    formula: { 'en-US': 'ratings ÷ closed', 'zh-CN': '评价数 ÷ 结束会话数' },
    higherIsBetter: true,
    compute: (input) => ratio(input.rated, closed(input)),
    drill: { kinds: ['rated'] },
  },
  {
    key: 'satisfactionAvg',
    category: 'satisfaction',
    unit: 'score',
    label: { 'en-US': 'Average satisfaction', 'zh-CN': '平均满意度' },
    description: { 'en-US': 'Average score of the ratings (1–5).', 'zh-CN': '评价的平均分（1–5）。' },
    formula: { 'en-US': 'Σ score ÷ ratings', 'zh-CN': 'Σ 分数 ÷ 评价数' },
    higherIsBetter: true,
    compute: (input) => (input.rated > 0 ? input.score_sum / input.rated : null),
    drill: { kinds: ['rated'] },
  },
  ...([1, 2, 3, 4, 5] as const).map((score): MetricDefinition => ({
    key: `satisfaction${score}`,
    category: 'satisfaction',
    unit: 'count',
    label: { 'en-US': `Rated ${score}`, 'zh-CN': `${score} 分评价` },
    description: {
      'en-US': `Ratings of ${score} out of 5.`,
      'zh-CN': `评分为 ${score} 分（满分 5 分）的评价数。`,
    },
    formula: { 'en-US': `rated events with score ${score}`, 'zh-CN': `分数为 ${score} 的评价事件` },
    higherIsBetter: score >= 4,
    compute: (input) => input[`score_${score}`],
    drill: { kinds: ['rated'], score },
  })),
  {
    key: 'leaveMessages',
    category: 'conversation',
    unit: 'count',
    label: { 'en-US': 'Leave messages', 'zh-CN': '留言数' },
    description: {
      'en-US': 'Messages visitors left when nobody could chat (outside hours, nobody online).',
      'zh-CN': '无法接入时（非工作时间、无人在线）访客提交的留言数。',
    },
    formula: { 'en-US': 'leave messages created', 'zh-CN': '新建留言数' },
    higherIsBetter: false,
    compute: (input) => input.leaveMessages,
    isFromEvents: true,
  },
  ...callDefinitions,
];

export const metricRegistry: ReadonlyMap<StatisticMetricKey, MetricDefinition> = new Map(
  definitions.map((definition) => [definition.key, definition]),
);

export const metricOf = (key: StatisticMetricKey): MetricDefinition => {
  const definition = metricRegistry.get(key);
  if (!definition) throw new Error(`metric ${key} is not in the registry`);
  return definition;
};

export const describeMetric = (definition: MetricDefinition, language: Language): StatisticMetric => ({
  key: definition.key,
  category: definition.category,
  unit: definition.unit,
  label: definition.label[language],
  description: definition.description[language],
  formula: definition.formula[language],
  higherIsBetter: definition.higherIsBetter,
  canDrill: definition.drill !== undefined,
  source: definition.isFromEvents ? 'events' : 'rollup',
});

/** The figures a report holds when it names none: every one the rollups answer. */
export const defaultMetricKeys: StatisticMetricKey[] = definitions
  .filter((definition) => !definition.isFromEvents)
  .map((definition) => definition.key);

/**
 * The rollup columns a figure reads, found by running it once over a recording input (every value 1,
 * so each branch that needs data is taken). Reports sum only these columns.
 */
const columnsUsedBy = (definition: MetricDefinition): StatisticCounter[] => {
  const used = new Set<StatisticCounter>();
  const recorder = new Proxy({} as MetricInput, {
    get: (_, name) => {
      if (typeof name === 'string' && (statisticCounters as readonly string[]).includes(name))
        used.add(name as StatisticCounter);
      return 1;
    },
  });
  definition.compute(recorder);
  return [...used];
};

const columnsByMetric = new Map(definitions.map((definition) => [definition.key, columnsUsedBy(definition)]));

/** The rollup columns the figures need (in the registry's column order). */
export const columnsFor = (keys: readonly StatisticMetricKey[]): StatisticCounter[] => {
  const needed = new Set(keys.flatMap((key) => columnsByMetric.get(key) ?? []));
  return statisticCounters.filter((name) => needed.has(name));
};

/** Computes the asked figures; values are rounded to 3 decimals (seconds, shares, scores). */
export const computeMetrics = (
  keys: readonly StatisticMetricKey[],
  input: MetricInput,
): Partial<Record<StatisticMetricKey, number | null>> =>
  Object.fromEntries(
    keys.map((key) => {
      const value = metricOf(key).compute(input);
      return [key, value === null ? null : Math.round(value * 1000) / 1000];
    }),
  );
