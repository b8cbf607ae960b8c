import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { App } from './types.js';

/*
 * Security headers (issue 12) through @fastify/helmet, chosen per request because one set does
 * not fit all: the console may be framed only by itself, the chat page by the organisation's
 * allowed sites (any site when none are listed), the embed loader and uploads are loaded by other
 * origins, and plain-HTTP installs must keep working (no HSTS, no upgrade-insecure-requests unless
 * the request came over TLS).
 *
 * Styles: antd and ProComponents inject <style> elements at run time (CSS-in-JS). A nonce instead
 * of 'unsafe-inline' would need index.html rewritten per response to carry it, the shell to hand
 * it to antd's ConfigProvider `csp`, and every other library that adds <style> on its own to take
 * it too; injected CSS cannot run script, so the console's style-src keeps 'unsafe-inline'. The
 * chat page needs no inline style. Scripts never run inline: only same-origin files and hashes of
 * inline scripts found in the built index.html (none today; a theme script would be hashed).
 */

type HelmetOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;
type Directives = Record<string, string[]>;

/** What a URL serves, which decides its headers. */
export type Surface = 'console' | 'chat' | 'help' | 'docs' | 'shared-file' | 'api';

export const surfaceOf = (path: string): Surface => {
  if (path === '/admin' || path.startsWith('/admin/')) return 'console';
  if (path === '/chat' || path.startsWith('/chat/')) return 'chat';
  // The public help centre (issue 13): server-rendered pages, their two files, the vote.
  if (path === '/help' || path.startsWith('/help/')) return 'help';
  // Public forms (issue 16) are served like the help centre: own files only, never framed.
  if (path.startsWith('/form/')) return 'help';
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return 'docs';
  // Loaded by other origins: the loader on customers' sites, uploads in mails and other tools.
  if (path === '/embed.js' || path === '/favicon.ico' || path.startsWith('/uploads/')) return 'shared-file';
  return 'api';
};

/**
 * Features no page of ours uses are denied, so a script injected into a page cannot use them. Our own
 * pages may use the camera and microphone (calls, voice notes) and the visitor's location, each only
 * after the person agrees (issue 21); other origins framed in them may not.
 */
export const permissionsPolicy = 'camera=(self), microphone=(self), geolocation=(self), payment=(), usb=()';

/** 'sha256-…' sources for every inline <script> of a built page (none today; themes may add one). */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\bsrc\s*=/i.test(match[1] ?? '') && (match[2] ?? '').length > 0)
    .map(
      (match) =>
        `'sha256-${createHash('sha256')
          .update(match[2] ?? '')
          .digest('base64')}'`,
    );

const readHashes = (distDir: string): string[] => {
  const index = join(distDir, 'index.html');
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
};

const originOf = (url: string): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** `isTls`: the request came over TLS, directly or (with TRUST_PROXY) per X-Forwarded-Proto. */
const serialize = (directives: Directives, isTls: boolean) => ({
  useDefaults: false as const,
  directives: isTls ? { ...directives, 'upgrade-insecure-requests': [] } : directives,
});

export const buildPolicies = (options: {
  publicUrl: string;
  consoleScriptHashes: string[];
  chatScriptHashes: string[];
}) => {
  // PUBLIC_URL may name another host than the one a page was opened on (uploads and the socket).
  const publicOrigin = originOf(options.publicUrl);
  const extraOrigins = publicOrigin ? [publicOrigin, publicOrigin.replace(/^http/, 'ws')] : [];
  const common: Directives = {
    'default-src': ["'self'"],
    // Avatars may be any https address a user entered.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...extraOrigins.slice(0, 1)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extraOrigins],
    'media-src': ["'self'", 'data:', 'blob:', ...extraOrigins.slice(0, 1)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  const consoleDirectives: Directives = {
    ...common,
    'script-src': ["'self'", ...options.consoleScriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'worker-src': ["'self'", 'blob:'],
    // The embed-code drawer previews the chat page in a frame.
    'frame-src': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  const chatDirectives = (allowedSites: string[]): Directives => {
    const directives: Directives = {
      ...common,
      'script-src': ["'self'", ...options.chatScriptHashes],
      // The widget styles by its stylesheet and CSSOM only: no inline <style> needed.
      'style-src': ["'self'"],
      'frame-src': ["'none'"],
    };
    // No list: any site may embed the chat. 'self' keeps the console's preview working.
    if (allowedSites.length > 0) directives['frame-ancestors'] = ["'self'", ...allowedSites];
    return directives;
  };
  // The help centre: no inline script or style at all (the organisation's colour is a stylesheet
  // of its own); article images may come from any https address; nobody frames it.
  const helpDirectives: Directives = {
    ...common,
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  const docsDirectives: Directives = {
    ...common,
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'frame-ancestors': ["'self'"],
  };
  const apiDirectives: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

  return {
    helmetFor: (surface: Surface, isTls: boolean, allowedSites: string[] = []): HelmetOptions => {
      const base: HelmetOptions = {
        referrerPolicy: { policy: 'same-origin' },
        strictTransportSecurity: isTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        crossOriginResourcePolicy: { policy: surface === 'shared-file' ? 'cross-origin' : 'same-origin' },
        // Customers' pages open the chat in a named popup; an opener policy would cut that link.
        crossOriginOpenerPolicy: surface === 'chat' ? false : { policy: 'same-origin' },
        // frame-ancestors decides framing; X-Frame-Options cannot name a list of sites.
        xFrameOptions: surface === 'chat' ? false : { action: 'sameorigin' },
      };
      switch (surface) {
        case 'console':
          return { ...base, contentSecurityPolicy: serialize(consoleDirectives, isTls) };
        case 'chat':
          return { ...base, contentSecurityPolicy: serialize(chatDirectives(allowedSites), isTls) };
        case 'help':
          return {
            ...base,
            xFrameOptions: { action: 'deny' },
            contentSecurityPolicy: serialize(helpDirectives, isTls),
          };
        case 'docs':
          return { ...base, contentSecurityPolicy: serialize(docsDirectives, isTls) };
        case 'shared-file':
          // Uploads may be PDFs opened in a tab: a CSP would stop the browser's viewer.
          return { ...base, contentSecurityPolicy: false };
        case 'api':
          return { ...base, contentSecurityPolicy: serialize(apiDirectives, false) };
      }
    },
  };
};

/** The chat page's organisation: `org` of its address (what the embed code and chat link put there). */
const chatOrgOf = (request: FastifyRequest): string | null => {
  const query = request.url.indexOf('?');
  if (query < 0) return null;
  const org = new URLSearchParams(request.url.slice(query + 1)).get('org');
  return org && org.length <= 64 ? org : null;
};

/** Only the page itself needs the organisation's list: its scripts and styles are not framed. */
const isChatDocument = (path: string) => path === '/chat/' || path === '/chat/index.html';

export const registerSecurityHeaders = async (app: App, config: Config): Promise<void> => {
  const policies = buildPolicies({
    publicUrl: config.publicUrl,
    consoleScriptHashes: readHashes(config.webDistDir),
    chatScriptHashes: readHashes(config.widgetDistDir),
  });
  // global: false: the hook below applies helmet to every request with that request's options.
  await app.register(fastifyHelmet, { global: false });
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const surface = surfaceOf(path);
    const org = surface === 'chat' && isChatDocument(path) ? chatOrgOf(request) : null;
    const allowedSites = org ? await app.services.embedSites.forSubDomain(org) : [];
    await reply.helmet(policies.helmetFor(surface, request.protocol === 'https', allowedSites));
    if (surface === 'console' || surface === 'chat' || surface === 'help' || surface === 'docs')
      void reply.header('permissions-policy', permissionsPolicy);
  });
};
