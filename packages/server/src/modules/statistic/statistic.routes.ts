import {
  envelopeSchema,
  pageSchema,
  statisticDrillQuerySchema,
  statisticDrillRowSchema,
  statisticExportQuerySchema,
  statisticMetricSchema,
  statisticOnlineQuerySchema,
  statisticOnlineSchema,
  type StatisticPoint,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { translate } from '../../http/i18n.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { attachmentDisposition, writeWorkbook, xlsxMediaType } from '../../lib/excel/excel.js';
import { describeMetric, metricOf } from './statistic.metrics.js';
import { createStatisticService } from './statistic.service.js';

const tags = ['statistic'];
const scope =
  "Scoped to the caller's organisation; another organisation's `uid`/`wid` answers 404. Callers who are not " +
  'administrators, skill-group administrators or checkers see only their own figures. Needs authority `statistic`.';

/**
 * Issue 17: statistics of online service, read from the hourly rollups through the metric registry
 * (`GET /api/statistic/metrics` describes every figure).
 */
export const statisticRoutes: FastifyPluginAsyncZod = async (app) => {
  const statistics = createStatisticService({ db: app.services.db });
  const guard = [requireAuthority('statistic')];

  app.get(
    '/api/statistic/metrics',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "Every figure's key, unit, label, description and formula, in the request's language",
        response: { 200: envelopeSchema(z.array(statisticMetricSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, statistics.metrics(languageOf(request))),
  );

  app.get(
    '/api/statistic/online',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Online-service figures for a date range: series by time or dimension, totals and the previous period',
        description:
          '`from`/`to`: local dates (inclusive) in `tz` (IANA, default UTC), at most 366 days. `groupBy`: hour, day, ' +
          'week (Monday first), weekdayHour (heat map), agent, workgroup, channel. `metrics`: comma-separated keys ' +
          '(when absent, every figure the rollups answer; `visitors` and `leaveMessages` are counted from raw rows ' +
          'and only when named). `previous` holds the same figures for the period of equal length just before, and the ' +
          'relative change. Figures come from hourly rollups in UTC: zones with a half-hour offset are approximate ' +
          `by up to 30 minutes at the day's edges (\`isExact\`). ${scope}`,
        querystring: statisticOnlineQuerySchema,
        response: { 200: envelopeSchema(statisticOnlineSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await statistics.online(getPrincipal(request), request.query, languageOf(request))),
  );

  app.get(
    '/api/statistic/drill',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The conversations behind a figure (its raw events in the range, newest first), paged',
        description: `The filters of /online plus \`metric\`. ${scope}`,
        querystring: statisticDrillQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(statisticDrillRowSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(request, await statistics.drill(getPrincipal(request), request.query, languageOf(request))),
  );

  app.get(
    '/api/statistic/export',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The /online report as .xlsx: one row per series point, then the totals',
        description: `Headings in the request's language; durations in seconds, shares 0–1. ${scope}`,
        querystring: statisticExportQuerySchema,
        response: {
          // Sent as a Buffer, which Fastify never runs through the serializer.
          200: z.any().describe(`The .xlsx file (${xlsxMediaType})`),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const report = await statistics.online(
        getPrincipal(request),
        { ...request.query, compare: false },
        language,
      );
      const rows: StatisticPoint[] = [
        ...report.series,
        { key: '', label: translate('statistic.total', language), values: report.totals },
      ];
      const content = await writeWorkbook({
        sheetName: translate('statistic.sheet', language),
        columns: [
          {
            header: translate('statistic.column.key', language),
            width: 24,
            value: (row: StatisticPoint) => row.label,
          },
          ...report.metrics.map((key) => {
            const metric = describeMetric(metricOf(key), language);
            return {
              header: metric.unit === 'seconds' ? `${metric.label} (s)` : metric.label,
              width: Math.max(12, Math.min(32, metric.label.length + 4)),
              value: (row: StatisticPoint) => row.values[key] ?? null,
            };
          }),
        ],
        rows,
      });
      const fileName = `${translate('statistic.fileName', language)}-${report.from}-${report.to}.xlsx`;
      return reply
        .header('Content-Type', xlsxMediaType)
        .header('Content-Disposition', attachmentDisposition(fileName))
        .header('Cache-Control', 'no-store')
        .send(content);
    },
  );
};
