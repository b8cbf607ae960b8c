import '../shared/i18n';
import { useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Button, DatePicker, Form, Input, Modal } from 'antd';
import type { ActionType } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized/useCan';
import { addInspection, fetchInspectionPage, sampleNow } from '../shared/api';
import { QUALITY_NS } from '../shared/i18n';
import { InspectionTable, STATUS_VALUES } from '../shared/InspectionTable';

/**
 * Quality → scoring (`/stable/quality/list`): the queue the sampling rules fill, with "sample now"
 * over a period and adding a conversation by id; `?qid=` opens the scoring view.
 */
export const QualityListPage = () => {
  const { t } = useTranslation(QUALITY_NS);
  const canAdd = useCan()('quality.list.add');
  const tableRef = useRef<ActionType | undefined>(undefined);
  const [dialog, setDialog] = useState<'sample' | 'add' | null>(null);
  const reload = () => void tableRef.current?.reload();
  return (
    <>
      <InspectionTable
        title={t('list.title')}
        emptyText={t('list.empty')}
        mode="score"
        fetchPage={fetchInspectionPage}
        statuses={STATUS_VALUES}
        showFilters
        tableRef={tableRef}
        toolBar={
          canAdd
            ? [
                <Button key="add" onClick={() => setDialog('add')}>
                  {t('list.addByTid')}
                </Button>,
                <Button key="sample" type="primary" onClick={() => setDialog('sample')}>
                  {t('list.sampleNow')}
                </Button>,
              ]
            : []
        }
      />
      <SampleDialog open={dialog === 'sample'} onClose={() => setDialog(null)} onDone={reload} />
      <AddDialog open={dialog === 'add'} onClose={() => setDialog(null)} onDone={reload} />
    </>
  );
};

const SampleDialog = ({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const { message } = App.useApp();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(6, 'day').startOf('day'),
    dayjs().endOf('day'),
  ]);
  const mutation = useMutation({
    mutationFn: () => sampleNow(range[0].startOf('day').valueOf(), range[1].endOf('day').valueOf()),
    onSuccess: (result) => {
      message.success(t('list.sampled', result));
      onClose();
      onDone();
    },
    onError: reportUnlessHandled,
  });
  return (
    <Modal
      open={open}
      title={t('list.sampleTitle')}
      okText={t('list.sampleNow')}
      cancelText={t('actions.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => mutation.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('list.samplePeriod')}>
          <DatePicker.RangePicker
            aria-label={t('list.samplePeriod')}
            value={range}
            allowClear={false}
            disabledDate={(day) => day.isAfter(dayjs().endOf('day'))}
            onChange={(picked) => {
              if (picked?.[0] && picked[1]) setRange([picked[0], picked[1]]);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

const AddDialog = ({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) => {
  const { t } = useTranslation(QUALITY_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ tid: string }>();
  const mutation = useMutation({
    mutationFn: (tid: string) => addInspection(tid),
    onSuccess: () => {
      message.success(t('list.added'));
      form.resetFields();
      onClose();
      onDone();
    },
    onError: (error) => showFormError(form, error, ['tid']),
  });
  return (
    <Modal
      open={open}
      title={t('list.addByTid')}
      okText={t('actions.add')}
      cancelText={t('actions.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => mutation.mutate(values.tid.trim())}>
        <Form.Item
          name="tid"
          label={t('list.tid')}
          rules={[{ required: true, whitespace: true, message: t('list.tidRequired') }]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
};
