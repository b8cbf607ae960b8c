import '../shared/i18n';
import { useRef } from 'react';
import dayjs from 'dayjs';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { FormPurpose, Survey, SurveyStatus } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { FormBuilderDrawer, STATUS_COLORS } from '../builder/FormBuilderDrawer';
import { deleteSurvey, fetchSurveyPage, type SurveyFilters } from '../shared/api';
import { FORM_NS } from '../shared/i18n';

const EDIT_PARAM = 'edit';
const STATUSES: SurveyStatus[] = ['draft', 'published', 'changed'];

/**
 * Forms → list (`/stable/form/list`): the organisation's forms; `?edit=<fid>|new` opens the builder.
 * With `use`, only the forms used that way (kefu → pre-chat form lists the pre-chat forms).
 */
export const FormListPage = ({ use, title }: { use?: FormPurpose; title?: string } = {}) => {
  const { t } = useTranslation(FORM_NS);
  const { message } = App.useApp();
  const canDo = useCan();
  const navigate = useNavigate();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = searchParams.get(EDIT_PARAM);
  const request = usePageRequest<Survey, SurveyFilters>(
    (query: PageQuery<SurveyFilters>) => fetchSurveyPage(use ? { ...query, use } : query),
    { onError: reportUnlessHandled },
  );
  const open = (fid: string | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (fid) next.set(EDIT_PARAM, fid);
      else next.delete(EDIT_PARAM);
      return next;
    });
  const remove = useMutation({
    mutationFn: deleteSurvey,
    onSuccess: () => {
      message.success(t('list.deleted'));
      void actionRef.current?.reload();
    },
    onError: (error) => message.error(parseError(error).message),
  });
  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      message.success(t('list.copied'));
    } catch {
      message.info(url);
    }
  };

  const columns: ProColumns<Survey>[] = [
    {
      title: t('columns.title'),
      dataIndex: 'q',
      render: (_, row) => <Typography.Link onClick={() => open(row.fid)}>{row.title}</Typography.Link>,
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 120,
      valueType: 'select',
      valueEnum: Object.fromEntries(STATUSES.map((value) => [value, { text: t(`statuses.${value}`) }])),
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`statuses.${row.status}`)}</Tag>,
    },
    {
      title: t('columns.version'),
      dataIndex: 'version',
      search: false,
      width: 90,
      render: (_, row) => (row.version > 0 ? `v${row.version}` : '—'),
    },
    { title: t('columns.items'), search: false, width: 90, render: (_, row) => row.items.length },
    { title: t('columns.answers'), dataIndex: 'answerCount', search: false, width: 100 },
    {
      title: t('columns.uses'),
      search: false,
      render: (_, row) =>
        row.uses.length === 0 ? (
          '—'
        ) : (
          <Space wrap size={4} data-testid={`uses-${row.fid}`}>
            {row.uses.map((entry) => (
              <Tag
                key={`${entry.purpose}-${entry.wid ?? ''}`}
                color={entry.purpose === 'prechat' ? 'geekblue' : 'cyan'}
              >
                {t(`uses.${entry.purpose}`, { name: entry.wid ? entry.nickname : t('uses.orgDefault') })}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('columns.updatedAt'),
      dataIndex: 'updatedAt',
      search: false,
      width: 150,
      render: (_, row) => dayjs(row.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      width: 320,
      render: (_, row) => (
        <Space wrap size={4}>
          <Button type="link" size="small" onClick={() => open(row.fid)}>
            {t('actions.edit')}
          </Button>
          {row.version > 0 ? (
            <>
              <Button type="link" size="small" onClick={() => void copyLink(row.url)}>
                {t('actions.copyLink')}
              </Button>
              <Button type="link" size="small" href={row.url} target="_blank" rel="noreferrer">
                {t('actions.open')}
              </Button>
            </>
          ) : null}
          {canDo('form.result.query') ? (
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`../result?fid=${row.fid}`, { relative: 'path' })}
            >
              {t('actions.results')}
            </Button>
          ) : null}
          {canDo('form.statistic.query') ? (
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`../statistic?fid=${row.fid}`, { relative: 'path' })}
            >
              {t('actions.statistic')}
            </Button>
          ) : null}
          {canDo('form.list.delete') ? (
            <Popconfirm
              title={t('list.confirmDelete', { title: row.title })}
              onConfirm={() => remove.mutate(row.fid)}
            >
              <Button type="link" size="small" danger>
                {t('actions.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<Survey, SurveyFilters>
        rowKey="fid"
        headerTitle={title ?? t('list.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        locale={{ emptyText: use === 'prechat' ? t('list.prechatEmpty') : t('list.empty') }}
        toolBarRender={() =>
          canDo('form.list.add') || canDo('form.list.edit')
            ? [
                <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
                  {t('list.new')}
                </Button>,
              ]
            : []
        }
      />
      <FormBuilderDrawer
        fid={editing}
        onClose={() => open(null)}
        onSaved={(survey) => {
          if (editing === 'new') open(survey.fid);
          void actionRef.current?.reload();
        }}
      />
    </>
  );
};
