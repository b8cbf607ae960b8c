import { useMemo } from 'react';
import { Button, Checkbox, Flex, Select, Space, Switch, TimePicker, Tooltip, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_RANGE,
  MAX_WORK_TIME_ENTRIES,
  alwaysOpenDraft,
  copyMondayToWeekdays,
  nextRangeAfter,
  emptyDays,
  officeHoursDays,
  timeZoneChoices,
  validateWorkTimes,
  type DaySchedule,
  type TimeRange,
  type WorkTimeDraft,
  type WorkTimeIssue,
} from './workTimes';

const TIME_FORMAT = 'HH:mm';

const toDayjs = (value: string): Dayjs | null => {
  const [hour, minute] = value.split(':').map(Number);
  if (!Number.isInteger(hour) || !Number.isInteger(minute)) return null;
  return dayjs().startOf('day').hour(hour).minute(minute);
};

/** "GMT+8" for a zone, today; empty when the runtime cannot say. */
const offsetOf = (zone: string): string => {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
};

export type WorkTimeEditorProps = {
  /** Given by Form.Item. */
  value?: WorkTimeDraft;
  onChange?: (value: WorkTimeDraft) => void;
  disabled?: boolean;
};

/**
 * Opening hours: "Always open", a time zone, and per weekday a switch with one or more HH:mm
 * ranges. The Form.Item around it validates with `validateWorkTimes`; the rows it points at are
 * outlined here.
 */
export const WorkTimeEditor = ({ value, onChange, disabled = false }: WorkTimeEditorProps) => {
  const { t } = useTranslation('kefuGroup');
  const draft = value ?? alwaysOpenDraft();
  const issues = validateWorkTimes(draft);
  const zones = useMemo(() => timeZoneChoices(draft.timezone), [draft.timezone]);

  const change = (next: Partial<WorkTimeDraft>) => onChange?.({ ...draft, ...next });
  const changeDay = (weekday: number, update: (day: DaySchedule) => DaySchedule) =>
    change({ days: draft.days.map((day) => (day.weekday === weekday ? update(day) : day)) });
  const hasIssue = (weekday: number, index: number) =>
    issues.some((issue: WorkTimeIssue) => issue.weekday === weekday && issue.index === index);

  const setAlwaysOpen = (isOn: boolean) => {
    if (isOn) change({ alwaysOpen: true, days: emptyDays() });
    // Starting from office hours saves the usual clicks; a schedule that is already there stays.
    else
      change({
        alwaysOpen: false,
        days: draft.days.some((day) => day.enabled) ? draft.days : officeHoursDays(),
      });
  };

  const setRange = (weekday: number, index: number, range: TimeRange) =>
    changeDay(weekday, (day) => ({
      ...day,
      ranges: day.ranges.map((current, i) => (i === index ? range : current)),
    }));

  return (
    <Flex vertical gap={12} className="ok-work-time-editor">
      <Flex wrap gap={16} align="center">
        <Space>
          <Switch
            checked={draft.alwaysOpen}
            onChange={setAlwaysOpen}
            disabled={disabled}
            aria-label={t('workTimes.alwaysOpen')}
          />
          <span>{t('workTimes.alwaysOpen')}</span>
        </Space>
        <Space>
          <span id="ok-work-time-zone">{t('workTimes.timezone')}</span>
          <Select
            aria-labelledby="ok-work-time-zone"
            style={{ minWidth: 260 }}
            value={draft.timezone}
            onChange={(timezone: string) => change({ timezone })}
            disabled={disabled || draft.alwaysOpen}
            showSearch={{ optionFilterProp: 'value' }}
            options={zones.map((zone) => {
              const offset = offsetOf(zone);
              return { value: zone, label: offset ? `${zone} (${offset})` : zone };
            })}
          />
        </Space>
      </Flex>
      {draft.alwaysOpen ? (
        <Typography.Text type="secondary">{t('workTimes.alwaysOpenHelp')}</Typography.Text>
      ) : (
        <>
          <div>
            <Button
              icon={<CopyOutlined />}
              onClick={() => onChange?.(copyMondayToWeekdays(draft))}
              disabled={disabled}
            >
              {t('workTimes.copyMonday')}
            </Button>
          </div>
          {draft.days.map((day) => {
            const name = t(`workTimes.weekdays.${day.weekday}`);
            return (
              <Flex key={day.weekday} gap={12} align="flex-start" data-weekday={day.weekday}>
                <Checkbox
                  style={{ width: 120, paddingTop: 5 }}
                  checked={day.enabled}
                  disabled={disabled}
                  onChange={(event) =>
                    changeDay(day.weekday, (current) => ({
                      ...current,
                      enabled: event.target.checked,
                      ranges:
                        event.target.checked && current.ranges.length === 0
                          ? [{ ...DEFAULT_RANGE }]
                          : current.ranges,
                    }))
                  }
                >
                  {name}
                </Checkbox>
                {day.enabled ? (
                  <Flex vertical gap={8}>
                    {day.ranges.map((range, index) => (
                      <Space key={index}>
                        <TimePicker.RangePicker
                          format={TIME_FORMAT}
                          minuteStep={5}
                          needConfirm={false}
                          allowClear={false}
                          disabled={disabled}
                          status={hasIssue(day.weekday, index) ? 'error' : undefined}
                          placeholder={[t('workTimes.start'), t('workTimes.end')]}
                          aria-label={`${name} ${index + 1}`}
                          value={[toDayjs(range.start), toDayjs(range.end)]}
                          onChange={(times) =>
                            setRange(day.weekday, index, {
                              start: times?.[0]?.format(TIME_FORMAT) ?? '',
                              end: times?.[1]?.format(TIME_FORMAT) ?? '',
                            })
                          }
                        />
                        <Tooltip title={t('workTimes.removeRange')}>
                          <Button
                            type="text"
                            icon={<DeleteOutlined />}
                            aria-label={`${t('workTimes.removeRange')} (${name} ${index + 1})`}
                            disabled={disabled}
                            onClick={() =>
                              changeDay(day.weekday, (current) => {
                                const ranges = current.ranges.filter((_, i) => i !== index);
                                return { ...current, ranges, enabled: ranges.length > 0 };
                              })
                            }
                          />
                        </Tooltip>
                      </Space>
                    ))}
                    <div>
                      <Button
                        type="dashed"
                        size="small"
                        icon={<PlusOutlined />}
                        disabled={disabled}
                        aria-label={`${t('workTimes.addRange')} (${name})`}
                        onClick={() =>
                          changeDay(day.weekday, (current) => ({
                            ...current,
                            ranges: [...current.ranges, nextRangeAfter(current.ranges)],
                          }))
                        }
                      >
                        {t('workTimes.addRange')}
                      </Button>
                    </div>
                  </Flex>
                ) : (
                  <Typography.Text type="secondary" style={{ paddingTop: 5 }}>
                    {t('workTimes.closed')}
                  </Typography.Text>
                )}
              </Flex>
            );
          })}
          <Typography.Text type="secondary">{t('workTimes.overnightHint')}</Typography.Text>
        </>
      )}
    </Flex>
  );
};

/** The message the Form.Item shows for the first problem of a draft (null when there is none). */
export const useWorkTimeIssueMessage = () => {
  const { t } = useTranslation('kefuGroup');
  return (issue: WorkTimeIssue): string =>
    t(`workTimes.issues.${issue.code}`, {
      day: issue.weekday ? t(`workTimes.weekdays.${issue.weekday}`) : '',
      max: MAX_WORK_TIME_ENTRIES,
    });
};
