import type { ReactNode } from 'react';
import { Button, Card, Input, InputNumber, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isChoiceItem, routableItemTypes, type FormItem } from '@openkefu/contract';
import { useWorkgroupOptions } from '../../kefu/shared/display';
import { FORM_NS } from '../shared/i18n';
import { conditionSources, conditionValues, move } from './items';

const textTypes = new Set(['text', 'textarea']);
const rangeTypes = new Set(['text', 'textarea', 'number', 'checkbox']);

/** One item of the builder: its words, rules, options and condition. */
export const ItemEditor = ({
  item,
  index,
  items,
  errors,
  onChange,
  onMove,
  onRemove,
  dragHandle,
}: {
  item: FormItem;
  index: number;
  items: FormItem[];
  /** Server or schema messages for this item, by property (`label`, `options`, `showIf.key`…). */
  errors: Record<string, string>;
  onChange: (next: FormItem) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
  /** The grip the builder drags the item by (keyboard users use the arrows). */
  dragHandle?: ReactNode;
}) => {
  const { t } = useTranslation(FORM_NS);
  const workgroups = useWorkgroupOptions();
  const patch = (changes: Partial<FormItem>) => {
    const next = { ...item, ...changes };
    // A route belongs to an option: renamed or removed options lose theirs.
    if (changes.options && next.routes) {
      const routes = Object.fromEntries(
        Object.entries(next.routes).filter(([option]) => changes.options?.includes(option)),
      );
      if (Object.keys(routes).length > 0) next.routes = routes;
      else delete next.routes;
    }
    onChange(next);
  };
  const setRoute = (option: string, wid: string | undefined) => {
    const routes = Object.fromEntries(
      Object.entries({ ...item.routes, [option]: wid ?? '' }).filter(([, value]) => value !== ''),
    );
    const { routes: _previous, ...rest } = item;
    onChange(Object.keys(routes).length > 0 ? { ...rest, routes } : rest);
  };
  const unset = (property: 'min' | 'max' | 'pattern' | 'patternMessage' | 'help' | 'showIf') => {
    const next = { ...item };
    delete next[property];
    onChange(next);
  };
  const sources = conditionSources(items, index);
  const source = item.showIf ? sources.find((candidate) => candidate.key === item.showIf?.key) : undefined;
  const isSection = item.type === 'section';
  const labelId = `item-${item.key}-label`;
  const errorText = (property: string) =>
    errors[property] ? <Typography.Text type="danger">{errors[property]}</Typography.Text> : null;

  return (
    <Card
      size="small"
      className="ok-form-item-card"
      data-testid={`item-${item.key}`}
      title={
        <Space wrap>
          {dragHandle}
          <Tag color={isSection ? 'purple' : 'blue'}>{t(`types.${item.type}`)}</Tag>
          <Typography.Text type="secondary">{item.key}</Typography.Text>
        </Space>
      }
      extra={
        <Space size={0}>
          <Tooltip title={t('builder.moveUp')}>
            <Button
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('builder.moveUp')}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            />
          </Tooltip>
          <Tooltip title={t('builder.moveDown')}>
            <Button
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('builder.moveDown')}
              disabled={index === items.length - 1}
              onClick={() => onMove(1)}
            />
          </Tooltip>
          <Tooltip title={t('builder.removeItem')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('builder.removeItem')}
              onClick={onRemove}
            />
          </Tooltip>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label htmlFor={labelId}>{isSection ? t('builder.sectionTitle') : t('builder.question')}</label>
        <Input
          id={labelId}
          value={item.label}
          maxLength={200}
          onChange={(event) => patch({ label: event.target.value })}
        />
        {errorText('label')}
        <Input
          aria-label={t('builder.help')}
          placeholder={t('builder.help')}
          value={item.help ?? ''}
          maxLength={300}
          onChange={(event) => (event.target.value ? patch({ help: event.target.value }) : unset('help'))}
        />
        {!isSection ? (
          <Space>
            <Switch
              size="small"
              checked={item.required}
              onChange={(required) => patch({ required })}
              aria-label={t('builder.required')}
            />
            <span>{t('builder.required')}</span>
          </Space>
        ) : null}

        {isChoiceItem(item.type) ? (
          <div>
            <Typography.Text strong>{t('builder.options')}</Typography.Text>
            <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
              {item.options.map((option, optionIndex) => (
                <div className="ok-form-option-row" key={optionIndex}>
                  <Input
                    aria-label={t('builder.optionN', { n: optionIndex + 1 })}
                    value={option}
                    maxLength={64}
                    onChange={(event) =>
                      patch({
                        options: item.options.map((entry, i) =>
                          i === optionIndex ? event.target.value : entry,
                        ),
                      })
                    }
                  />
                  <Button
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('builder.optionUp', { n: optionIndex + 1 })}
                    disabled={optionIndex === 0}
                    onClick={() => patch({ options: move(item.options, optionIndex, -1) })}
                  />
                  <Button
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('builder.optionDown', { n: optionIndex + 1 })}
                    disabled={optionIndex === item.options.length - 1}
                    onClick={() => patch({ options: move(item.options, optionIndex, 1) })}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('builder.optionRemove', { n: optionIndex + 1 })}
                    onClick={() => patch({ options: item.options.filter((_, i) => i !== optionIndex) })}
                  />
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={item.options.length >= 50}
                onClick={() =>
                  patch({
                    options: [...item.options, t('builder.defaultOption', { n: item.options.length + 1 })],
                  })
                }
              >
                {t('builder.addOption')}
              </Button>
              {errorText('options')}
            </Space>
            {(routableItemTypes as readonly string[]).includes(item.type) ? (
              <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }} data-testid="item-routes">
                <Typography.Text strong>{t('builder.routes')}</Typography.Text>
                <Typography.Text type="secondary">{t('builder.routesHelp')}</Typography.Text>
                {item.options.map((option) => (
                  <Space key={option} wrap>
                    <span>{option} →</span>
                    <Select
                      allowClear
                      style={{ minWidth: 200 }}
                      aria-label={t('builder.routeOf', { option })}
                      placeholder={t('builder.routeNone')}
                      loading={workgroups.isLoading}
                      value={item.routes?.[option]}
                      options={workgroups.options}
                      onChange={(wid?: string) => setRoute(option, wid)}
                    />
                  </Space>
                ))}
                {errorText('routes')}
              </Space>
            ) : null}
          </div>
        ) : null}

        {rangeTypes.has(item.type) ? (
          <Space wrap>
            <span>
              {t(
                item.type === 'checkbox'
                  ? 'builder.minChoices'
                  : item.type === 'number'
                    ? 'builder.minValue'
                    : 'builder.minLength',
              )}
            </span>
            <InputNumber
              aria-label={t('builder.min')}
              min={0}
              value={item.min ?? null}
              onChange={(value) => (value === null ? unset('min') : patch({ min: value }))}
            />
            <span>
              {t(
                item.type === 'checkbox'
                  ? 'builder.maxChoices'
                  : item.type === 'number'
                    ? 'builder.maxValue'
                    : 'builder.maxLength',
              )}
            </span>
            <InputNumber
              aria-label={t('builder.max')}
              min={0}
              value={item.max ?? null}
              onChange={(value) => (value === null ? unset('max') : patch({ max: value }))}
            />
            {errorText('max')}
          </Space>
        ) : null}

        {item.type === 'rating' ? (
          <Space>
            <span>{t('builder.stars')}</span>
            <InputNumber
              aria-label={t('builder.stars')}
              min={3}
              max={10}
              value={item.max ?? 5}
              onChange={(value) => patch({ max: value ?? 5 })}
            />
          </Space>
        ) : null}

        {textTypes.has(item.type) ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input
              aria-label={t('builder.pattern')}
              placeholder={t('builder.patternPlaceholder')}
              value={item.pattern ?? ''}
              maxLength={200}
              onChange={(event) =>
                event.target.value ? patch({ pattern: event.target.value }) : unset('pattern')
              }
            />
            {errorText('pattern')}
            {item.pattern ? (
              <Input
                aria-label={t('builder.patternMessage')}
                placeholder={t('builder.patternMessage')}
                value={item.patternMessage ?? ''}
                maxLength={120}
                onChange={(event) =>
                  event.target.value ? patch({ patternMessage: event.target.value }) : unset('patternMessage')
                }
              />
            ) : null}
          </Space>
        ) : null}

        {sources.length > 0 ? (
          <div>
            <Space>
              <Switch
                size="small"
                checked={Boolean(item.showIf)}
                aria-label={t('builder.conditional')}
                onChange={(isOn) => {
                  const first = sources[sources.length - 1] as FormItem;
                  if (isOn) patch({ showIf: { key: first.key, values: conditionValues(first).slice(0, 1) } });
                  else unset('showIf');
                }}
              />
              <span>{t('builder.conditional')}</span>
            </Space>
            {item.showIf ? (
              <Space wrap style={{ marginTop: 8, width: '100%' }}>
                <span>{t('builder.when')}</span>
                <Select
                  aria-label={t('builder.conditionSource')}
                  style={{ minWidth: 180 }}
                  value={item.showIf.key}
                  options={sources.map((candidate) => ({
                    value: candidate.key,
                    label: candidate.label || candidate.key,
                  }))}
                  onChange={(key: string) => {
                    const next = sources.find((candidate) => candidate.key === key) as FormItem;
                    patch({ showIf: { key, values: conditionValues(next).slice(0, 1) } });
                  }}
                />
                <span>{t('builder.is')}</span>
                <Select
                  aria-label={t('builder.conditionValues')}
                  mode="multiple"
                  style={{ minWidth: 200 }}
                  value={item.showIf.values}
                  options={(source ? conditionValues(source) : []).map((value) => ({ value, label: value }))}
                  onChange={(values: string[]) => patch({ showIf: { key: item.showIf?.key ?? '', values } })}
                />
                {errorText('showIf.key')}
                {errorText('showIf.values')}
              </Space>
            ) : null}
          </div>
        ) : null}
      </Space>
    </Card>
  );
};
