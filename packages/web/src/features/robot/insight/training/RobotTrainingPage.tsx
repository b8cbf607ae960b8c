import '../i18n';
import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RobotTrainingGroup } from '@openkefu/contract';
import { parseError } from '../../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../../shared/api/reportError';
import { useCan } from '../../../../shared/components/Authorized';
import { formatScore, formatTime } from '../../shared/display';
import { useWorkgroupOptions } from '../../shared/hooks';
import { fetchTraining, resolveTraining } from '../api';
import { ROBOT_INSIGHT_NS } from '../i18n';
import { AddToFaqModal } from './AddToFaqModal';
import { CreateFaqModal } from './CreateFaqModal';

const DAYS = [7, 30, 90, 180, 365];

type Dialog = { kind: 'add' | 'create'; group: RobotTrainingGroup } | null;

/**
 * Robot → training (`/stable/robot/training`, no menu item): the questions the robot missed or
 * answered unhelpfully, grouped by similarity; each group is added to a FAQ as similar questions,
 * becomes a new FAQ, or is ignored, and then leaves the queue.
 */
export const RobotTrainingPage = () => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [ignoring, setIgnoring] = useState<string | null>(null);
  const [days, setDays] = useState(90);
  const [wid, setWid] = useState<string | undefined>(undefined);
  const workgroups = useWorkgroupOptions();
  const trainingKey = ['robot', 'training', days, wid] as const;
  const training = useQuery({
    queryKey: trainingKey,
    queryFn: () => fetchTraining({ days, ...(wid ? { wid } : {}) }),
  });
  const canEdit = canDo('robot.training.edit');
  const canCreateFaq = canEdit && canDo('robot.faq.add');

  /** Takes the group out of the list at once (the server no longer returns it). */
  const leave = (group: RobotTrainingGroup, message: string) => {
    queryClient.setQueryData<RobotTrainingGroup[]>(trainingKey, (groups) =>
      groups?.filter((item) => item.keys.join('\n') !== group.keys.join('\n')),
    );
    setDialog(null);
    void toast.success(message);
  };

  const ignore = async (group: RobotTrainingGroup) => {
    setIgnoring(group.keys.join('\n'));
    try {
      await resolveTraining({ keys: group.keys, action: 'ignore' });
      leave(group, t('training.ignored', { question: group.question }));
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setIgnoring(null);
    }
  };

  return (
    <div className="ok-robot-training">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Space wrap>
          <Select<number>
            id="robot-training-days"
            aria-label={t('training.days')}
            value={days}
            onChange={setDays}
            style={{ width: 160 }}
            options={DAYS.map((value) => ({ value, label: t('training.lastDays', { count: value }) }))}
          />
          {workgroups.options.length > 0 && (
            <Select<string>
              id="robot-training-group"
              aria-label={t('training.group')}
              placeholder={t('training.allGroups')}
              value={wid}
              onChange={setWid}
              allowClear
              style={{ width: 200 }}
              options={workgroups.options}
            />
          )}
        </Space>
        <Button onClick={() => void training.refetch()} loading={training.isFetching}>
          {t('actions.refresh')}
        </Button>
      </Flex>
      {training.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('training.loadFailed')}
          description={parseError(training.error).message}
          action={<Button onClick={() => void training.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : training.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : training.data.length === 0 ? (
        <Empty description={t('training.empty')} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('training.intro', { count: training.data.length, days })}
          </Typography.Text>
          {training.data.map((group) => {
            const others = group.questions.filter((question) => question !== group.question);
            return (
              <Card
                key={group.keys.join('\n')}
                size="small"
                data-testid="training-group"
                title={<Typography.Text strong>{group.question}</Typography.Text>}
                extra={
                  canEdit ? (
                    <Space wrap>
                      <Button size="small" type="primary" onClick={() => setDialog({ kind: 'add', group })}>
                        {t('training.addToFaq')}
                      </Button>
                      {canCreateFaq && (
                        <Button size="small" onClick={() => setDialog({ kind: 'create', group })}>
                          {t('training.createFaq')}
                        </Button>
                      )}
                      <Popconfirm
                        title={t('training.ignoreConfirm', { question: group.question })}
                        description={t('training.ignoreHint')}
                        okText={t('training.ignore')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('actions.cancel')}
                        onConfirm={() => ignore(group)}
                      >
                        <Button size="small" danger loading={ignoring === group.keys.join('\n')}>
                          {t('training.ignore')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ) : null
                }
              >
                <Flex vertical gap={6}>
                  <Space size={[8, 4]} wrap>
                    <Tag color="warning">{t('training.missed', { count: group.missed })}</Tag>
                    <Tag color="error">{t('training.unhelpful', { count: group.unhelpful })}</Tag>
                    <Typography.Text type="secondary">
                      {t('training.lastAsked', { time: formatTime(group.lastAskedAt) })}
                    </Typography.Text>
                  </Space>
                  {others.length > 0 && (
                    <div>
                      <Typography.Text type="secondary">{t('training.alsoAsked')} </Typography.Text>
                      {others.map((question) => (
                        <Tag key={question}>{question}</Tag>
                      ))}
                    </div>
                  )}
                  <Typography.Text type="secondary">
                    {group.suggestion
                      ? t('training.closest', {
                          question: group.suggestion.question,
                          score: formatScore(group.suggestion.score),
                        })
                      : t('training.noSuggestion')}
                  </Typography.Text>
                </Flex>
              </Card>
            );
          })}
        </Flex>
      )}
      {dialog?.kind === 'add' && (
        <AddToFaqModal
          group={dialog.group}
          onClose={() => setDialog(null)}
          onResolved={() => leave(dialog.group, t('training.added', { question: dialog.group.question }))}
        />
      )}
      {dialog?.kind === 'create' && (
        <CreateFaqModal
          group={dialog.group}
          onClose={() => setDialog(null)}
          onResolved={() => leave(dialog.group, t('training.created', { question: dialog.group.question }))}
        />
      )}
    </div>
  );
};
