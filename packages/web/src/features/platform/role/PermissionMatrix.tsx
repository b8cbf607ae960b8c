import { useMemo, type Dispatch, type SetStateAction } from 'react';
import { Checkbox, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { permissionActions, type PermissionAction } from '@openkefu/contract';
import { PLATFORM_NS } from '../shared/i18n';
import { toggleAction, toggleAllActions, type MatrixRow, type PermissionState } from './permissionMatrix';

export type PermissionMatrixProps = {
  rows: MatrixRow[];
  value: PermissionState;
  /** Takes updaters, so a cell that did not re-render still changes the latest state. */
  onChange: Dispatch<SetStateAction<PermissionState>>;
  isLoading?: boolean;
};

type Row = MatrixRow & { actions: PermissionAction[] };

const NONE: PermissionAction[] = [];

/** A cell re-renders only when its row's ticks or title change (the matrix can have ~1,000 boxes). */
const isRowChanged = (row: Row, previous: Row) =>
  row.actions !== previous.actions || row.title !== previous.title || row.depth !== previous.depth;

/** Rows: the menu sections and items the role can open; columns: the nine actions, plus "all". */
export const PermissionMatrix = ({ rows, value, onChange, isLoading }: PermissionMatrixProps) => {
  const { t } = useTranslation(PLATFORM_NS);

  const columns = useMemo<ColumnsType<Row>>(
    () => [
      {
        title: t('rolePage.drawer.menu'),
        key: 'menu',
        fixed: 'left',
        width: 180,
        shouldCellUpdate: isRowChanged,
        render: (_, row) =>
          row.depth === 0 ? (
            <Typography.Text strong>{row.title}</Typography.Text>
          ) : (
            <span style={{ paddingLeft: row.depth * 16 }}>{row.title}</span>
          ),
      },
      {
        title: t('rolePage.drawer.all'),
        key: 'all',
        width: 56,
        align: 'center',
        shouldCellUpdate: isRowChanged,
        render: (_, row) => (
          <Checkbox
            aria-label={t('rolePage.drawer.selectAll', { title: row.title })}
            checked={row.actions.length === permissionActions.length}
            indeterminate={row.actions.length > 0 && row.actions.length < permissionActions.length}
            onChange={(event) => {
              const isOn = event.target.checked;
              onChange((previous) => toggleAllActions(previous, row.permissionId, isOn));
            }}
          />
        ),
      },
      ...permissionActions.map((action): ColumnsType<Row>[number] => ({
        title: t(`actions.${action}`),
        key: action,
        width: 72,
        align: 'center',
        shouldCellUpdate: isRowChanged,
        render: (_, row) => (
          <Checkbox
            aria-label={`${row.title}: ${t(`actions.${action}`)}`}
            checked={row.actions.includes(action)}
            onChange={(event) => {
              const isOn = event.target.checked;
              onChange((previous) => toggleAction(previous, row.permissionId, action, isOn));
            }}
          />
        ),
      })),
    ],
    [t, onChange],
  );
  const dataSource = useMemo<Row[]>(
    () => rows.map((row) => ({ ...row, actions: value[row.permissionId] ?? NONE })),
    [rows, value],
  );

  return (
    <Table<Row>
      rowKey="permissionId"
      size="small"
      bordered
      columns={columns}
      dataSource={dataSource}
      loading={isLoading}
      pagination={false}
      scroll={{ x: 900 }}
      locale={{ emptyText: t('rolePage.drawer.noPermissions') }}
    />
  );
};
