import type { Message } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { JobRunner } from '../job/job.runner.js';
import { toMessage } from '../message/message.mapper.js';
import { selectMessages } from '../message/message.repository.js';
import type { MessageService } from '../message/message.service.js';
import type { AgentActor } from '../thread/chat-actor.js';
import { setMessageDelivery } from './channel.repository.js';

/**
 * POST /api/message/redeliver: an agent tries a failed delivery again (the platform was down for
 * longer than the retries lasted, the window reopened after the customer wrote). The message is
 * queued as if it had just been stored; its failed job is forgotten so the new one is not taken for a
 * duplicate.
 */
export const createChannelRedelivery = (deps: {
  db: Executor;
  jobs: JobRunner;
  messages: MessageService;
  onOutgoing: (thread: Awaited<ReturnType<MessageService['loadReadable']>>, message: Message) => void;
}) => {
  const { db, jobs, messages } = deps;

  return async (actor: AgentActor, input: { tid: string; mid: string }): Promise<Message> => {
    const thread = await messages.loadReadable(actor, input.tid);
    const row = await selectMessages(db)
      .where('message.thread_id', '=', thread.id)
      .where('message.mid', '=', input.mid)
      .executeTakeFirst();
    if (!row || row.sender_kind === 'visitor')
      throw AppError.notFound('message.notFound', { mid: input.mid });
    if (row.delivery !== 'failed')
      throw AppError.conflict('channel.notFailed', { params: { mid: input.mid } });
    await jobs.forget(`deliver:${row.id}`);
    await setMessageDelivery(db, Number(row.id), { delivery: '', error: '' });
    const message = toMessage({ ...row, delivery: '', delivery_error: '' });
    deps.onOutgoing(thread, message);
    return message;
  };
};
