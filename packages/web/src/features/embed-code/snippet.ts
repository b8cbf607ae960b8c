/** What the drawer offers, and the code it produces (the loader's attributes: packages/widget/README.md). */
export type EmbedChoice = {
  origin: string;
  subDomain: string;
  target: { kind: 'group'; wid: string } | { kind: 'agent'; uid: string };
  style: 1 | 2 | 3 | 4 | 5;
  language: 'en-US' | 'zh-CN';
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export const chatLinkOf = (choice: EmbedChoice): string => {
  const query = new URLSearchParams({ org: choice.subDomain });
  if (choice.target.kind === 'group') query.set('wid', choice.target.wid);
  else query.set('aid', choice.target.uid);
  query.set('lang', choice.language);
  if (choice.style === 5) query.set('call', 'video');
  return `${choice.origin}/chat/?${query.toString()}`;
};

/**
 * The chat link in preview mode: the widget then renders read-only from GET /visitor/api/preview,
 * so a preview (the drawer's, the dashboard's) creates no visitor, thread or statistics event (issue 12).
 */
export const previewLinkOf = (link: string): string => {
  const url = new URL(link, window.location.origin);
  url.searchParams.set('preview', '1');
  return url.toString();
};

/** The script tag; style 5 (video) opens the chat panel with the video call offered first. */
export const snippetOf = (choice: EmbedChoice): string | null => {
  const target =
    choice.target.kind === 'group'
      ? `data-wid="${escapeAttribute(choice.target.wid)}"`
      : `data-aid="${escapeAttribute(choice.target.uid)}"`;
  return `<script src="${escapeAttribute(choice.origin)}/embed.js" data-org="${escapeAttribute(choice.subDomain)}" ${target} data-style="${choice.style}" data-lang="${choice.language}" async></script>`;
};
