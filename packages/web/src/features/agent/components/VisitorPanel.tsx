import { useEffect, useState } from 'react';
import { Button, Descriptions, Empty, Input, Result, Skeleton, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Thread, Visitor } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { notify } from '../../../shared/feedback/notify';
import { fetchVisitorProfile, saveVisitorNote, type VisitorProfile } from '../api';
import { WORKBENCH_NS } from '../i18n';
import { workbenchKeys } from '../keys';
import { threadPreview } from '../hooks/useWorkbenchData';
import { WorkbenchTags } from '../tools/WorkbenchTags';
import { BlockVisitorButton } from './BlockVisitorButton';
import { CustomerCard } from './CustomerCard';
import { FormAnswers } from './FormAnswers';

const NOTE_MAX = 2000;

const formatTime = (time: number | null | undefined): string =>
  time ? dayjs(time).format('YYYY-MM-DD HH:mm') : '';

/** A visitor-supplied address shown as text, and as a link only when it is http(s). */
const UrlText = ({ url }: { url: string }) => {
  const isWeb = /^https?:\/\//i.test(url);
  return isWeb ? (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer nofollow" ellipsis title={url}>
      {url}
    </Typography.Link>
  ) : (
    <Typography.Text ellipsis title={url}>
      {url}
    </Typography.Text>
  );
};

const NoteEditor = ({ visitor }: { visitor: Visitor }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const queryClient = useQueryClient();
  const [note, setNote] = useState(visitor.note);
  useEffect(() => setNote(visitor.note), [visitor.note]);
  const save = useMutation({
    mutationFn: () => saveVisitorNote(visitor.vid, note),
    onSuccess: (saved) => {
      queryClient.setQueryData<VisitorProfile>(workbenchKeys.visitor(visitor.vid), (profile) =>
        profile ? { ...profile, visitor: saved } : profile,
      );
      notify.success({ title: t('visitor.noteSaved') });
    },
    onError: (error) => {
      if (!(isHttpError(error) && (error.status === 401 || error.status === 403))) {
        notify.error({ title: error.message });
      }
    },
  });
  const isTooLong = note.length > NOTE_MAX;
  return (
    <div className="ok-wb-note">
      <Input.TextArea
        aria-label={t('visitor.note')}
        placeholder={t('visitor.notePlaceholder')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        autoSize={{ minRows: 3, maxRows: 8 }}
        status={isTooLong ? 'error' : undefined}
        showCount={{ formatter: ({ count }) => `${count} / ${NOTE_MAX}` }}
      />
      {isTooLong && (
        <Typography.Text type="danger" role="alert">
          {t('visitor.noteTooLong')}
        </Typography.Text>
      )}
      <Button
        size="small"
        type="primary"
        className="ok-wb-note__save"
        disabled={note === visitor.note || isTooLong}
        loading={save.isPending}
        onClick={() => save.mutate()}
      >
        {t('visitor.saveNote')}
      </Button>
    </div>
  );
};

export type VisitorPanelProps = {
  thread: Thread;
  onOpenThread: (tid: string) => void;
};

/** The right column: who the visitor is, where they are, the agents' note and earlier conversations. */
export const VisitorPanel = ({ thread, onOpenThread }: VisitorPanelProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const vid = thread.visitor.vid;
  const profile = useQuery({
    queryKey: workbenchKeys.visitor(vid),
    queryFn: () => fetchVisitorProfile(vid),
    staleTime: 30_000,
    // The visitor may leave a mobile number during the chat (showCollectMobile): pick it up.
    refetchInterval: 30_000,
  });
  if (profile.isPending) return <Skeleton active className="ok-wb-visitor__loading" />;
  if (profile.isError) {
    return (
      <Result
        status="warning"
        title={t('visitor.loadFailed')}
        extra={
          <Button size="small" onClick={() => void profile.refetch()}>
            {t('list.retry')}
          </Button>
        }
      />
    );
  }
  const { visitor, threads } = profile.data;
  const none = t('visitor.none');
  return (
    <div className="ok-wb-visitor" data-testid="visitor-panel">
      <Typography.Title level={5}>{t('visitor.title')}</Typography.Title>
      <Descriptions
        size="small"
        column={1}
        colon={false}
        items={[
          { key: 'nickname', label: t('visitor.nickname'), children: visitor.nickname || none },
          {
            key: 'client',
            label: t('visitor.client'),
            children: <Tag>{t(`clients.${visitor.client}`)}</Tag>,
          },
          { key: 'ip', label: t('visitor.ip'), children: visitor.ip || none },
          {
            key: 'page',
            label: t('visitor.page'),
            children: visitor.page ? <UrlText url={visitor.page} /> : none,
          },
          {
            key: 'referrer',
            label: t('visitor.referrer'),
            children: visitor.referrer ? <UrlText url={visitor.referrer} /> : none,
          },
          ...(visitor.email ? [{ key: 'email', label: t('visitor.email'), children: visitor.email }] : []),
          ...(visitor.mobile
            ? [{ key: 'mobile', label: t('visitor.mobile'), children: visitor.mobile }]
            : []),
          {
            key: 'first',
            label: t('visitor.firstVisit'),
            children: formatTime(visitor.firstVisitAt) || none,
          },
          { key: 'last', label: t('visitor.lastVisit'), children: formatTime(visitor.lastVisitAt) || none },
          { key: 'count', label: t('visitor.visitCount'), children: visitor.visitCount },
        ]}
      />
      <BlockVisitorButton visitor={visitor} />
      <CustomerCard visitor={visitor} />
      <FormAnswers tid={thread.tid} />
      <Typography.Title level={5}>{t('visitor.note')}</Typography.Title>
      <NoteEditor key={visitor.vid} visitor={visitor} />
      <WorkbenchTags thread={thread} />
      <Typography.Title level={5}>{t('visitor.previous')}</Typography.Title>
      {threads.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('visitor.noPrevious')} />
      ) : (
        <ul className="ok-wb-visitor__threads">
          {threads.map((item) => {
            // The open conversation's own row follows the live thread, not the profile's snapshot.
            const shown = item.tid === thread.tid ? thread : item;
            const isCurrent = shown.tid === thread.tid;
            return (
              <li key={shown.tid} className={isCurrent ? 'ok-wb-visitor__thread--current' : undefined}>
                <button
                  type="button"
                  className="ok-wb-visitor__thread"
                  disabled={isCurrent}
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => onOpenThread(shown.tid)}
                >
                  <span className="ok-wb-visitor__thread-top">
                    <span>{formatTime(shown.createdAt)}</span>
                    <Tag>{isCurrent ? t('visitor.current') : t(`thread.statuses.${shown.status}`)}</Tag>
                  </span>
                  <Typography.Text type="secondary" ellipsis>
                    {threadPreview(shown.content) || (shown.seq === 0 ? t('list.noMessages') : '')}
                  </Typography.Text>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
};
