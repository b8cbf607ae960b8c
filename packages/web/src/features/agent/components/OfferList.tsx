import { Alert, Button, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Offer, Profile } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { notify } from '../../../shared/feedback/notify';
import { respondToOffer } from '../api';
import { WORKBENCH_NS } from '../i18n';
import { workbenchKeys } from '../keys';
import { storeThread, useOffers } from '../hooks/useWorkbenchData';

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
  const respond = useMutation({
    mutationFn: ({ offer, accept }: { offer: Offer; accept: boolean }) => respondToOffer(offer, accept),
    onMutate: ({ offer, accept }) => {
      if (accept) onAccepting(offer.thread.tid);
    },
    onSettled: (_thread, error, { offer }) => {
      // Answered, or no longer answerable (taken back, already answered): either way it is gone.
      if (!error || (isHttpError(error) && (error.status === 404 || error.status === 409))) {
        queryClient.setQueryData<Offer[]>(workbenchKeys.offers, (list = []) =>
          list.filter((item) => item.transfer.id !== offer.transfer.id),
        );
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
            type="info"
            showIcon
            data-testid="offer"
            title={describeOffer(offer, t)}
            description={offer.transfer.note ? t('offers.note', { note: offer.transfer.note }) : undefined}
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
