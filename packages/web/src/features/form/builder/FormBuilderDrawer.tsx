import '../shared/i18n';
import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Drawer,
  Dropdown,
  Empty,
  Input,
  Segmented,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formItemsSchema,
  type FormItem,
  type Survey,
  type SurveySettings,
  type SurveyStatus,
} from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { fetchSurvey, publishSurvey, saveSurvey } from '../shared/api';
import { FORM_NS } from '../shared/i18n';
import { FormPreview, type PreviewWidth } from './FormPreview';
import { ItemEditor } from './ItemEditor';
import { builderItemTypes, createItem, move, repairConditions } from './items';
import './builder.css';

export const STATUS_COLORS: Record<SurveyStatus, string> = {
  draft: 'default',
  published: 'green',
  changed: 'orange',
};

type Draft = { title: string; description: string; items: FormItem[]; settings: SurveySettings };

const emptyDraft = (title: string): Draft => ({
  title,
  description: '',
  items: [],
  settings: { onePerVisitor: false, thankYou: '' },
});

const draftOf = (survey: Survey): Draft => ({
  title: survey.title,
  description: survey.description,
  items: survey.items,
  settings: survey.settings,
});

/** `items.3.options` → item 3, property `options`; other fields by their own name. */
const splitErrors = (fields: Record<string, string>) => {
  const byItem = new Map<number, Record<string, string>>();
  const general: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const match = /^items\.(\d+)\.(.+)$/.exec(field);
    if (match) {
      const index = Number(match[1]);
      byItem.set(index, { ...byItem.get(index), [match[2] ?? '']: message });
    } else general[field] = message;
  }
  return { byItem, general };
};

/** Checks the items with the server's schema before sending, so mistakes show where they are. */
const localErrors = (items: FormItem[]): Record<string, string> => {
  const result = formItemsSchema.safeParse(items);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [`items.${issue.path.join('.')}`, issue.message]),
  );
};

/**
 * The form builder, full screen: items on the left (add, edit, reorder, conditions), the live
 * preview at desktop or phone width on the right; save keeps a draft, publish makes a version.
 * `fid` null: closed; 'new': a new form.
 */
export const FormBuilderDrawer = ({
  fid,
  onClose,
  onSaved,
}: {
  fid: string | null;
  onClose: () => void;
  onSaved: (survey: Survey) => void;
}) => {
  const { t } = useTranslation(FORM_NS);
  const isNew = fid === 'new';
  const query = useQuery({
    queryKey: ['form', 'survey', fid],
    queryFn: () => fetchSurvey(fid ?? ''),
    enabled: Boolean(fid) && !isNew,
  });
  return (
    <Drawer
      open={Boolean(fid)}
      onClose={onClose}
      size="100%"
      title={isNew ? t('builder.newTitle') : t('builder.editTitle')}
      destroyOnHidden
    >
      {fid === null ? null : isNew ? (
        <Builder key="new" initial={null} onSaved={onSaved} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Builder key={query.data.fid} initial={query.data} onSaved={onSaved} />
      )}
    </Drawer>
  );
};

const Builder = ({ initial, onSaved }: { initial: Survey | null; onSaved: (survey: Survey) => void }) => {
  const { t } = useTranslation(FORM_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [survey, setSurvey] = useState<Survey | null>(initial);
  const [draft, setDraft] = useState<Draft>(() =>
    initial ? draftOf(initial) : emptyDraft(t('builder.defaultTitle')),
  );
  const [isDirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  // The item being dragged by its grip: only then is its card draggable, so text in inputs stays selectable.
  const [dragging, setDragging] = useState<string | null>(null);
  const { byItem, general } = splitErrors(errors);

  useEffect(() => {
    if (!isDirty) return;
    // Leaving the page with unsaved work asks first.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const update = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setDirty(true);
  };
  const setItems = (items: FormItem[], repair = false) =>
    update({ items: repair ? repairConditions(items) : items });

  const stored = (next: Survey) => {
    setSurvey(next);
    setDirty(false);
    setErrors({});
    queryClient.setQueryData(['form', 'survey', next.fid], next);
    onSaved(next);
  };

  const persist = async (): Promise<Survey> => {
    const found = localErrors(draft.items);
    if (!draft.title.trim()) found.title = t('builder.titleRequired');
    if (Object.keys(found).length > 0) {
      setErrors(found);
      throw new Error(t('builder.fixErrors'));
    }
    const saved = await saveSurvey({
      ...(survey ? { fid: survey.fid } : {}),
      ...draft,
      title: draft.title.trim(),
    });
    stored(saved);
    return saved;
  };

  const onFailure = (error: unknown) => {
    const parsed = parseError(error);
    if (Object.keys(parsed.fields).length > 0) setErrors(parsed.fields);
    message.error(parsed.message);
  };

  const save = useMutation({
    mutationFn: persist,
    onSuccess: () => message.success(t('builder.saved')),
    onError: onFailure,
  });
  const publish = useMutation({
    mutationFn: async () => {
      const current = isDirty || !survey ? await persist() : survey;
      return publishSurvey(current.fid);
    },
    onSuccess: (next) => {
      stored(next);
      message.success(t('builder.published', { version: next.version }));
    },
    onError: onFailure,
  });

  const addItem = (type: FormItem['type']) =>
    setItems([
      ...draft.items,
      createItem(type, draft.items, {
        label: t(`types.${type}`),
        option: (n) => t('builder.defaultOption', { n }),
      }),
    ]);

  const status = survey?.status ?? 'draft';
  const isBusy = save.isPending || publish.isPending;

  return (
    <div>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Tag color={STATUS_COLORS[status]}>{t(`statuses.${status}`)}</Tag>
          {survey && survey.version > 0 ? (
            <Tag>{t('builder.liveVersion', { version: survey.version })}</Tag>
          ) : null}
          {isDirty ? <Typography.Text type="warning">{t('builder.unsaved')}</Typography.Text> : null}
          {survey && survey.version > 0 ? (
            <Typography.Link href={survey.url} target="_blank" rel="noreferrer">
              {survey.url}
            </Typography.Link>
          ) : null}
        </Space>
        <Space>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={isBusy}>
            {t('builder.save')}
          </Button>
          <Button
            type="primary"
            onClick={() => publish.mutate()}
            loading={publish.isPending}
            disabled={isBusy}
          >
            {t('builder.publish')}
          </Button>
        </Space>
      </Space>
      {status === 'changed' ? (
        <Alert style={{ marginBottom: 16 }} type="info" showIcon title={t('builder.changedHint')} />
      ) : null}
      <div className="ok-form-builder">
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <div>
            <label htmlFor="form-title">{t('builder.formTitle')}</label>
            <Input
              id="form-title"
              value={draft.title}
              maxLength={100}
              status={general.title ? 'error' : undefined}
              onChange={(event) => update({ title: event.target.value })}
            />
            {general.title ? <Typography.Text type="danger">{general.title}</Typography.Text> : null}
          </div>
          <div>
            <label htmlFor="form-description">{t('builder.description')}</label>
            <Input.TextArea
              id="form-description"
              rows={2}
              maxLength={1000}
              value={draft.description}
              onChange={(event) => update({ description: event.target.value })}
            />
          </div>
          <Space wrap>
            <Switch
              size="small"
              checked={draft.settings.onePerVisitor}
              aria-label={t('builder.onePerVisitor')}
              onChange={(onePerVisitor) => update({ settings: { ...draft.settings, onePerVisitor } })}
            />
            <span>{t('builder.onePerVisitor')}</span>
          </Space>
          <div>
            <label htmlFor="form-thanks">{t('builder.thankYou')}</label>
            <Input
              id="form-thanks"
              maxLength={500}
              placeholder={t('builder.thankYouPlaceholder')}
              value={draft.settings.thankYou}
              onChange={(event) => update({ settings: { ...draft.settings, thankYou: event.target.value } })}
            />
          </div>
          {general.items ? <Alert type="error" showIcon title={general.items} /> : null}
          {draft.items.length === 0 ? <Empty description={t('builder.noItems')} /> : null}
          {draft.items.map((item, index) => (
            <div
              key={item.key}
              draggable={dragging === item.key}
              onDragStart={(event) => event.dataTransfer.setData('text/plain', item.key)}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => {
                if (dragging) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                const from = draft.items.findIndex((entry) => entry.key === dragging);
                setDragging(null);
                if (from >= 0 && from !== index) setItems(move(draft.items, from, index - from), true);
              }}
            >
              <ItemEditor
                item={item}
                index={index}
                items={draft.items}
                errors={byItem.get(index) ?? {}}
                onChange={(next) => setItems(draft.items.map((entry, i) => (i === index ? next : entry)))}
                onMove={(delta) => setItems(move(draft.items, index, delta), true)}
                onRemove={() =>
                  setItems(
                    draft.items.filter((_, i) => i !== index),
                    true,
                  )
                }
                dragHandle={
                  <HolderOutlined
                    className="ok-form-drag"
                    aria-hidden
                    onMouseDown={() => setDragging(item.key)}
                    onMouseUp={() => setDragging(null)}
                  />
                }
              />
            </div>
          ))}
          <Dropdown
            menu={{
              items: builderItemTypes.map((type) => ({ key: type, label: t(`types.${type}`) })),
              onClick: ({ key }) => addItem(key as FormItem['type']),
            }}
            trigger={['click']}
          >
            <Button type="dashed" icon={<PlusOutlined />} block disabled={draft.items.length >= 100}>
              {t('builder.addItem')}
            </Button>
          </Dropdown>
        </Space>
        <div>
          <Space style={{ marginBottom: 12 }}>
            <Typography.Text strong>{t('builder.preview')}</Typography.Text>
            <Segmented<PreviewWidth>
              value={width}
              onChange={setWidth}
              options={[
                { value: 'desktop', label: t('builder.desktop') },
                { value: 'mobile', label: t('builder.mobile') },
              ]}
            />
          </Space>
          <FormPreview
            title={draft.title}
            description={draft.description}
            items={draft.items}
            width={width}
          />
        </div>
      </div>
    </div>
  );
};
