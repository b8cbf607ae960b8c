import { z } from 'zod';
import { articleSearchHitSchema, articleTypeSchema } from './article.js';
import { languageSchema } from './enums.js';

/* Help centre settings, knowledge-base statistics and the public help centre's calls (issue 13). */

export const helpNavLinkSchema = z.object({
  title: z.string().trim().min(1).max(40),
  url: z.url({ protocol: /^https?$/ }).max(2000),
});
export type HelpNavLink = z.infer<typeof helpNavLinkSchema>;

export const helpCenterSettingsSchema = z.object({
  /** Shown in the header and page titles; '' = the organisation's name. */
  name: z.string().trim().max(60),
  /** An uploaded image's URL, '' = none. */
  logo: z.string().trim().max(2000),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #0958D9'),
  /** Languages the help centre offers, the first is the default. */
  languages: z.array(languageSchema).min(1).max(2),
  navLinks: z.array(helpNavLinkSchema).max(8),
  /** Off: every public help-centre page answers 404. */
  published: z.boolean(),
  /** Sanitised HTML (the same allow-list as articles). */
  footerHtml: z.string().max(20_000),
  /** Category cids (type support) shown on the home page, in order; empty = all top-level ones. */
  homeCategories: z.array(z.string().trim().min(1).max(64)).max(24),
});
export type HelpCenterSettings = z.infer<typeof helpCenterSettingsSchema>;

/** GET /api/kb/settings — also says where the help centre lives. */
export const helpCenterSettingsResponseSchema = helpCenterSettingsSchema.extend({
  /** The organisation's slug (its subDomain, as in the chat link's `org=`). */
  slug: z.string(),
  /** Absolute URL of the public home page. */
  url: z.string(),
});
export type HelpCenterSettingsResponse = z.infer<typeof helpCenterSettingsResponseSchema>;

/** POST /api/kb/settings/update. */
export const helpCenterSettingsBodySchema = helpCenterSettingsSchema;
export type HelpCenterSettingsBody = z.input<typeof helpCenterSettingsBodySchema>;

/** GET /api/kb/statistic — one article type over a period (days in UTC). */
export const kbStatisticQuerySchema = z.object({
  type: articleTypeSchema.default('support'),
  /** ms, inclusive; default: the last 30 days. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type KbStatisticQuery = z.input<typeof kbStatisticQuerySchema>;

export const kbStatisticSchema = z.object({
  totals: z.object({
    views: z.number().int(),
    helpful: z.number().int(),
    useless: z.number().int(),
    /** helpful / (helpful + useless), 0–1; null without votes. */
    helpfulRate: z.number().nullable(),
    searches: z.number().int(),
    searchesWithoutResults: z.number().int(),
    publishedArticles: z.number().int(),
  }),
  byDay: z.array(
    z.object({
      /** YYYY-MM-DD. */
      day: z.string(),
      views: z.number().int(),
      helpful: z.number().int(),
      useless: z.number().int(),
      searches: z.number().int(),
    }),
  ),
  topArticles: z.array(
    z.object({
      aid: z.string(),
      title: z.string(),
      views: z.number().int(),
      helpful: z.number().int(),
      useless: z.number().int(),
    }),
  ),
  topSearches: z.array(z.object({ query: z.string(), count: z.number().int(), results: z.number().int() })),
  /** Searches that found nothing: what the help centre is missing. */
  emptySearches: z.array(z.object({ query: z.string(), count: z.number().int() })),
});
export type KbStatistic = z.infer<typeof kbStatisticSchema>;

/* Public help centre (no login): `/help/<org>/…` pages are HTML; these are its JSON calls. */

/** POST /help/<org>/api/vote — one vote per visitor (cookie) and article; a second vote replaces the first. */
export const helpVoteBodySchema = z.object({
  aid: z.string().trim().min(1).max(64),
  helpful: z.boolean(),
});
export const helpVoteResultSchema = z.object({
  rateHelpful: z.number().int(),
  rateUseless: z.number().int(),
});

/**
 * GET /visitor/api/help/search — the widget's search before a chat, when the skill group `wid` has
 * helpCenterSearch on (403 when off; 404 for an unknown organisation or group, or an unpublished help centre).
 */
export const visitorHelpSearchQuerySchema = z.object({
  org: z.string().trim().min(1).max(64),
  wid: z.string().trim().min(1).max(64),
  q: z.string().trim().min(1).max(100),
  size: z.coerce.number().int().min(1).max(10).default(5),
});
export const visitorHelpSearchResultSchema = z.object({
  hits: z.array(articleSearchHitSchema.extend({ url: z.string() })),
});
export type VisitorHelpSearchResult = z.infer<typeof visitorHelpSearchResultSchema>;
