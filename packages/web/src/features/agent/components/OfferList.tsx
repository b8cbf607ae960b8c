import { Alert, Button, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Offer, Profile } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { notify } from '../../../shared/feedback/notify';
import { isAtLimit, respondToOffer } from '../api';
import { WORKBENCH_NS } from '../i18n';
import { workbenchKeys } from '../keys';
import { storeThread, useMe, useOffers, useThreadList } from '../hooks/useWorkbenchData';

const describeOffer = (
  offer: Offer,
  t: (key: string, options?: Record<string, string>) => string,
): string => {
  const values = {
    from: offer.transfer.from.nickname,
    visitor: offer.thread.visitor.nickname || offer.thread.visitor.vid,
    group: offer.transfer.toWorkgroup?.nickname ?? '',
  };
  if (offer.kind === 'invite') return t('offers.invite', values);
  return offer.transfer.toWorkgroup ? t('offers.transferToGroup', values) : t('offers.transferToMe', values);
};

/** Transfers and invitations waiting for this agent's answer (GET /api/thread/offers + `offer` pushes). */
export type OfferListProps = {
  me: Profile;
  onOpenThread: (tid: string) => void;
  /** Told before answering yes, so the thread arriving next is not announced as new. */
  onAccepting: (tid: string) => void;
};

export const OfferList = ({ me, onOpenThread, onAccepting }: OfferListProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const queryClient = useQueryClient();
  const offers = useOffers();
  // The agent's own load (conversations chatting in now) against their limit, as the server counts.
  const { data: user } = useMe();
  const current = useThreadList('current');
  const load = (current.data?.content ?? []).filter(
    (thread) => thread.status === 'chatting' && thread.agent?.uid === me.uid,
  ).length;
  const limit = user?.maxThreadCount ?? 0;
  const isFull = current.isSuccess && isAtLimit({ load, maxThreadCount: limit });
  const respond = useMutation({
    mutationFn: ({ offer, accept }: { offer: Offer; accept: boolean }) => respondToOffer(offer, accept),
    onMutate: ({ offer, accept }) => {
      if (accept) onAccepting(offer.thread.tid);
    },
    onSettled: (_thread, error, { offer }) => {
      // Answered, or no longer there (taken back): either way it is gone.
      if (!error || (isHttpError(error) && error.status === 404)) {
        queryClient.setQueryData<Offer[]>(workbenchKeys.offers, (list = []) =>
          list.filter((item) => item.transfer.id !== offer.transfer.id),
        );
      } else if (isHttpError(error) && error.status === 409) {
        // Already answered, or refused because the agent is at the limit (then it keeps waiting):
        // the server's list says which.
        void queryClient.invalidateQueries({ queryKey: workbenchKeys.offers });
        void queryClient.invalidateQueries({ queryKey: workbenchKeys.list('current') });
      }
    },
    onSuccess: (thread, { accept }) => {
      if (!accept) {
        notify.info({ title: t('offers.rejected') });
        return;
      }
      notify.success({ title: t('offers.accepted') });
      if (thread) {
        storeThread(queryClient, thread, me.uid);
        void queryClient.invalidateQueries({ queryKey: workbenchKeys.list('current') });
        onOpenThread(thread.tid);
      }
    },
    onError: (error) => {
      if (!(isHttpError(error) && (error.status === 401 || error.status === 403)))
        notify.error({ title: error.message });
    },
  });
  const pending = offers.data ?? [];
  if (pending.length === 0) return null;
  return (
    <div className="ok-wb-offers" data-testid="offers" role="region" aria-label={t('offers.title')}>
      {pending.map((offer) => {
        const isBusy = respond.isPending && respond.variables?.offer.transfer.id === offer.transfer.id;
        return (
          <Alert
            key={offer.transfer.id}
            type={isFull && offer.kind === 'transfer' ? 'warning' : 'info'}
            showIcon
            data-testid="offer"
            title={describeOffer(offer, t)}
            description={
              offer.transfer.note || (isFull && offer.kind === 'transfer') ? (
                <>
                  {offer.transfer.note && <div>{t('offers.note', { note: offer.transfer.note })}</div>}
                  {isFull && offer.kind === 'transfer' && (
                    <Typography.Text strong data-testid="offer-at-capacity">
                      {t('offers.atCapacity', { load: String(load), max: String(limit) })}
                    </Typography.Text>
                  )}
                </>
              ) : undefined
            }
            action={
              <Space orientation="vertical" size={4}>
                <Button
                  size="small"
                  type="primary"
                  data-testid="offer-accept"
                  loading={isBusy && respond.variables?.accept === true}
                  disabled={isBusy}
                  onClick={() => respond.mutate({ offer, accept: true })}
                >
                  {t('offers.accept')}
                </Button>
                <Button
                  size="small"
                  data-testid="offer-reject"
                  loading={isBusy && respond.variables?.accept === false}
                  disabled={isBusy}
                  onClick={() => respond.mutate({ offer, accept: false })}
                >
                  {t('offers.reject')}
                </Button>
              </Space>
            }
          />
        );
      })}
    </div>
  );
};
