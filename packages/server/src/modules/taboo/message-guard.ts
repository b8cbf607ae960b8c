import { AppError } from '../../http/errors.js';
import type { BlockService } from '../block/block.service.js';
import type { MessageGuard } from '../message/message.service.js';
import type { TabooService } from './taboo.service.js';

/**
 * What every visitor and agent message passes before it is stored: a blocked visitor may not
 * send; text with sensitive words is masked or refused per the organisation's mode, and each
 * hit is recorded. Both lookups are cached per organisation, so clean text costs no query.
 */
export const createMessageGuard = (deps: { taboos: TabooService; blocks: BlockService }): MessageGuard => ({
  check: async (actor, thread, message) => {
    if (actor.kind === 'visitor' && (await deps.blocks.isVisitorBlockedCached(actor.orgId, actor.visitorId)))
      throw AppError.forbidden('block.blocked');
    if (message.type !== 'text' || !message.content) return { content: message.content, afterStore: null };
    const verdict = await deps.taboos.inspect(actor.orgId, message.content);
    if (verdict.matches.length === 0) return { content: message.content, afterStore: null };
    const record = () =>
      deps.taboos.recordHits({
        orgId: actor.orgId,
        threadId: thread.id,
        action: verdict.mode,
        matches: verdict.matches,
        sender:
          actor.kind === 'visitor'
            ? { kind: 'visitor', visitorId: actor.visitorId }
            : { kind: 'agent', userId: actor.userId },
      });
    if (verdict.mode === 'block') {
      await record();
      throw AppError.badRequest('taboo.blocked', {
        fields: [{ field: 'content', message: 'contains a sensitive word' }],
      });
    }
    return { content: verdict.content, afterStore: record };
  },
});
