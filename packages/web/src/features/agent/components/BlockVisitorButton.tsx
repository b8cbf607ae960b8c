import '../../kefu/block/i18n';
import { useState } from 'react';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BlockStatus, Visitor } from '@openkefu/contract';
import { useCan } from '../../../shared/components/Authorized';
import { notify } from '../../../shared/feedback/notify';
import { fetchVisitorBlock, unblock } from '../../kefu/block/api';
import { BlockFormModal } from '../../kefu/block/BlockFormModal';
import { KEFU_BLOCK_NS } from '../../kefu/block/i18n';
import { reportUnlessHandled } from '../../kefu/shared/errors';

const blockKey = (vid: string) => ['workbench', 'block', vid] as const;
/** Sets the control apart from the visitor details above and the note below. */
const spacing = { margin: '8px 0 16px' } as const;

/**
 * The visitor panel's blacklist control: "Block visitor" (the visitor or its address, with a reason
 * and a duration), or, once blocked, the state and "Unblock" after confirmation.
 */
export const BlockVisitorButton = ({ visitor }: { visitor: Visitor }) => {
  const { t } = useTranslation(KEFU_BLOCK_NS);
  const can = useCan();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const canView = can('kefu.block.get');
  const status = useQuery({
    queryKey: blockKey(visitor.vid),
    queryFn: () => fetchVisitorBlock(visitor.vid),
    enabled: canView,
    staleTime: 30_000,
  });
  const lift = useMutation({
    mutationFn: (bid: string) => unblock(bid),
    onSuccess: () => {
      queryClient.setQueryData<BlockStatus>(blockKey(visitor.vid), { blocked: false, block: null });
      notify.success({ title: t('done.unblocked', { target: visitor.nickname || visitor.vid }) });
    },
    onError: reportUnlessHandled,
  });
  if (!canView || !status.data) return null;
  const { block } = status.data;
  if (block) {
    return (
      <Space className="ok-wb-block" style={spacing} data-testid="visitor-block">
        <Tag color="red" icon={<StopOutlined />}>
          {block.endAt === null
            ? t('workbench.blockedForever')
            : t('workbench.blockedUntil', { time: dayjs(block.endAt).format('YYYY-MM-DD HH:mm') })}
        </Tag>
        {can('kefu.block.edit') ? (
          <Popconfirm
            title={t('actions.unblockConfirm', { target: visitor.nickname || visitor.vid })}
            description={t('actions.unblockHint')}
            okText={t('actions.unblock')}
            cancelText={t('actions.cancel')}
            onConfirm={() => lift.mutateAsync(block.bid).catch(() => undefined)}
          >
            <Button size="small" loading={lift.isPending}>
              {t('actions.unblock')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    );
  }
  if (!can('kefu.block.add')) return null;
  return (
    <div className="ok-wb-block" style={spacing} data-testid="visitor-block">
      <Button size="small" danger icon={<StopOutlined />} onClick={() => setOpen(true)}>
        {t('workbench.block')}
      </Button>
      <BlockFormModal
        open={isOpen}
        visitor={{ vid: visitor.vid, nickname: visitor.nickname, ip: visitor.ip }}
        onClose={() => setOpen(false)}
        onBlocked={(created) => {
          queryClient.setQueryData<BlockStatus>(blockKey(visitor.vid), { blocked: true, block: created });
          notify.success({ title: t('done.blocked', { target: visitor.nickname || visitor.vid }) });
        }}
      />
    </div>
  );
};
