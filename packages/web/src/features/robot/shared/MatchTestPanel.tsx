import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RobotMatchHit, RobotTestResult } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { testMatch } from './api';
import { formatScore } from './display';
import { useRobotOptions, useWorkgroupOptions } from './hooks';
import { ROBOT_NS } from './i18n';

/** Contract `robotTestBodySchema.text`: 1–500 characters. */
const TEXT_MAX = 500;

type TestValues = { text: string; wid?: string; robotUid?: string };

export type MatchTestPanelProps = {
  /**
   * Test with this robot's thresholds and not-found tip. Without one the box offers the
   * organisation's robots to choose from, and uses the default thresholds when none is chosen.
   */
  robotUid?: string;
};

const HitTitle = ({ hit }: { hit: RobotMatchHit }) => {
  const { t } = useTranslation(ROBOT_NS);
  return (
    <Space size={4} wrap>
      <Tag color={hit.source === 'faq' ? 'blue' : 'purple'}>{t(`test.source.${hit.source}`)}</Tag>
      <Typography.Text>{hit.question}</Typography.Text>
    </Space>
  );
};

const Verdict = ({ result }: { result: RobotTestResult['result'] }) => {
  const { t } = useTranslation(ROBOT_NS);
  switch (result.kind) {
    case 'transfer':
      return (
        <Alert type="warning" showIcon title={t('test.verdict.transfer', { keyword: result.keyword })} />
      );
    case 'answer':
      return (
        <Alert
          type="success"
          showIcon
          title={t('test.verdict.answer', {
            question: result.hit.question,
            score: formatScore(result.hit.score),
          })}
          description={
            // The answer is HTML sanitised by the server's allow-list (contract `robotMatchResultSchema`).
            <div
              className="ok-rich-text ok-robot-test__answer"
              data-testid="robot-test-answer"
              dangerouslySetInnerHTML={{ __html: result.answer }}
            />
          }
        />
      );
    case 'suggest':
      return (
        <Alert
          type="info"
          showIcon
          title={t('test.verdict.suggest', { count: result.candidates.length })}
          description={
            <ul className="ok-robot-test__suggest">
              {result.candidates.map((hit) => (
                <li key={`${hit.source}-${hit.aid}`}>
                  {hit.question} ({formatScore(hit.score)})
                </li>
              ))}
            </ul>
          }
        />
      );
    default:
      return (
        <Alert
          type="error"
          showIcon
          title={t('test.verdict.none')}
          description={
            result.notFoundTip ? t('test.notFoundTip', { tip: result.notFoundTip }) : t('test.noTip')
          }
        />
      );
  }
};

/**
 * The test box: what the robot would say to a text (`POST /api/faq/test`, nothing counted) — the
 * verdict, the text as the matcher read it, and the best candidates with their scores.
 */
export const MatchTestPanel = ({ robotUid }: MatchTestPanelProps) => {
  const { t } = useTranslation(ROBOT_NS);
  const [form] = Form.useForm<TestValues>();
  const workgroups = useWorkgroupOptions();
  const robots = useRobotOptions(robotUid === undefined);
  const [result, setResult] = useState<RobotTestResult | null>(null);

  const run = useMutation({
    mutationFn: (values: TestValues) =>
      testMatch({ text: values.text.trim(), robotUid: robotUid ?? values.robotUid, wid: values.wid }),
    onSuccess: setResult,
    onError: () => setResult(null),
  });

  return (
    <section className="ok-robot-test" aria-label={t('test.title')}>
      <Form<TestValues>
        form={form}
        layout="vertical"
        name={`robot-test-${robotUid ?? 'default'}`}
        onFinish={(values) => run.mutate(values)}
      >
        <Form.Item
          name="text"
          label={t('test.text')}
          rules={[
            { required: true, whitespace: true, message: t('test.textRequired') },
            { max: TEXT_MAX, message: t('validation.tooLong', { field: t('test.text'), max: TEXT_MAX }) },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={TEXT_MAX}
            placeholder={t('test.textHint')}
            onPressEnter={(event) => {
              if (!event.shiftKey) {
                event.preventDefault();
                form.submit();
              }
            }}
          />
        </Form.Item>
        {robotUid === undefined && robots.length > 0 && (
          <Form.Item name="robotUid" label={t('test.robot')} extra={t('test.robotHint')}>
            <Select allowClear options={robots} placeholder={t('test.defaultRobot')} />
          </Form.Item>
        )}
        {workgroups.options.length > 0 && (
          <Form.Item name="wid" label={t('test.workgroup')} extra={t('test.workgroupHint')}>
            <Select allowClear options={workgroups.options} placeholder={t('common.allGroups')} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" icon={<ExperimentOutlined />} loading={run.isPending}>
          {t('test.run')}
        </Button>
      </Form>
      <div className="ok-robot-test__result" aria-live="polite">
        {run.isError && (
          <Alert type="error" showIcon title={t('test.failed')} description={parseError(run.error).message} />
        )}
        {result && !run.isError && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Verdict result={result.result} />
            <div>
              <Typography.Text type="secondary">{t('test.normalized')}</Typography.Text>{' '}
              <Typography.Text code data-testid="robot-test-normalized">
                {result.normalized || t('test.normalizedEmpty')}
              </Typography.Text>
            </div>
            <List<RobotMatchHit>
              size="small"
              header={<Typography.Text strong>{t('test.candidates')}</Typography.Text>}
              dataSource={result.candidates}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('test.noCandidates')} />
                ),
              }}
              renderItem={(hit) => (
                <List.Item extra={<Typography.Text strong>{formatScore(hit.score)}</Typography.Text>}>
                  <HitTitle hit={hit} />
                </List.Item>
              )}
            />
          </Space>
        )}
      </div>
    </section>
  );
};
