import { Select, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TagBrief, TagType, Thread } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { notify } from '../../../shared/feedback/notify';
import {
  fetchTags,
  fetchThreadTags,
  fetchVisitorTags,
  saveThreadTags,
  saveVisitorTags,
  toolKeys,
} from './api';
import { WORKBENCH_TOOLS_NS } from './i18n';
import './tools.css';

type TargetTagsProps = {
  type: TagType;
  label: string;
  queryKey: readonly unknown[];
  load: () => Promise<TagBrief[]>;
  save: (tgids: string[]) => Promise<TagBrief[]>;
};

/** One multi-select of the organisation's tags of a type, saved on every change. */
const TargetTags = ({ type, label, queryKey, load, save }: TargetTagsProps) => {
  const { t } = useTranslation(WORKBENCH_TOOLS_NS);
  const queryClient = useQueryClient();
  const options = useQuery({
    queryKey: toolKeys.tags(type),
    queryFn: () => fetchTags(type),
    staleTime: 60_000,
  });
  const current = useQuery({ queryKey, queryFn: load });
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (tags) => queryClient.setQueryData(queryKey, tags),
    onError: (error) => {
      if (!(isHttpError(error) && error.status === 401)) notify.error({ title: error.message });
    },
  });
  const colorOf = new Map(
    [...(options.data ?? []), ...(current.data ?? [])].map((tag) => [tag.tgid, tag.color] as const),
  );
  const isFailed = options.isError || current.isError;
  return (
    <div className="ok-wb-tags">
      <Typography.Title level={5}>{label}</Typography.Title>
      {isFailed ? (
        <Typography.Text type="danger">{t('tags.failed')}</Typography.Text>
      ) : (
        <Select
          mode="multiple"
          aria-label={label}
          placeholder={t('tags.placeholder')}
          loading={options.isPending || current.isPending || mutation.isPending}
          disabled={current.isPending}
          value={(current.data ?? []).map((tag) => tag.tgid)}
          options={(options.data ?? []).map((tag) => ({ value: tag.tgid, label: tag.name }))}
          optionFilterProp="label"
          notFoundContent={options.isPending ? t('tags.loading') : t('tags.none')}
          onChange={(tgids: string[]) => mutation.mutate(tgids)}
          tagRender={({ label: text, value, closable, onClose }) => (
            <Tag
              color={colorOf.get(String(value))}
              closable={closable}
              onClose={onClose}
              style={{ marginInlineEnd: 4 }}
            >
              {text}
            </Tag>
          )}
        />
      )}
    </div>
  );
};

/** The workbench's tags: on the open conversation and on its visitor (POST /api/thread/tags, /api/visitor/tags). */
export const WorkbenchTags = ({ thread }: { thread: Thread }) => {
  const { t } = useTranslation(WORKBENCH_TOOLS_NS);
  const { tid } = thread;
  const { vid } = thread.visitor;
  return (
    <div data-testid="workbench-tags">
      <TargetTags
        type="thread"
        label={t('tags.thread')}
        queryKey={toolKeys.threadTags(tid)}
        load={() => fetchThreadTags(tid)}
        save={(tgids) => saveThreadTags(tid, tgids)}
      />
      <TargetTags
        type="visitor"
        label={t('tags.visitor')}
        queryKey={toolKeys.visitorTags(vid)}
        load={() => fetchVisitorTags(vid)}
        save={(tgids) => saveVisitorTags(vid, tgids)}
      />
    </div>
  );
};
