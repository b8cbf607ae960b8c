/*
 * Reply addresses carry a per-ticket token by plus-addressing the sender's mailbox:
 * `support@example.com` → `support+tk-<token>@example.com`. The inbound webhook reads the token
 * back from any recipient address of the reply.
 */

const tokenPattern = /\+tk-([A-Za-z0-9_-]{16,64})@/;

/** The bare address inside `Name <address>`, or the value itself. */
export const bareAddress = (value: string): string => {
  const match = /<([^<>]+)>/.exec(value);
  return (match?.[1] ?? value).trim();
};

export const replyAddressFor = (from: string, token: string): string => {
  const address = bareAddress(from);
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  // An existing +tag of the sender mailbox is replaced, so tokens never stack.
  const local = address.slice(0, at).replace(/\+.*$/, '');
  return `${local}+tk-${token}${address.slice(at)}`;
};

/** The ticket token in a To/Cc header value (several addresses, with or without names), or null. */
export const tokenFromRecipients = (recipients: string): string | null =>
  tokenPattern.exec(recipients)?.[1] ?? null;

/** Quoted history below a reply is dropped: lines from the first "On … wrote:" / "> " block on. */
export const stripQuotedReply = (text: string): string => {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const cut = lines.findIndex(
    (line) =>
      /^\s*>/.test(line) ||
      /^On .+wrote:\s*$/i.test(line.trim()) ||
      /^在.+写道[:：]\s*$/.test(line.trim()) ||
      /^-{2,}\s*(Original Message|原始邮件)\s*-{2,}/i.test(line.trim()),
  );
  return (cut === -1 ? lines : lines.slice(0, cut)).join('\n').trim();
};
