import { useEffect, useState } from 'react';
import { Form, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CategoryTreeNode } from '@openkefu/contract';
import { toTreeOptions } from '../shared/categoryTree';
import { KB_NS } from '../shared/i18n';

export type MoveArticlesModalProps = {
  open: boolean;
  count: number;
  tree: CategoryTreeNode[];
  onClose: () => void;
  /** null: no category. */
  onMove: (category: string | null) => Promise<void>;
};

/** Bulk "move": every chosen article is put in one category (replacing its categories). */
export const MoveArticlesModal = ({ open, count, tree, onClose, onMove }: MoveArticlesModalProps) => {
  const { t } = useTranslation(KB_NS);
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [isMoving, setMoving] = useState(false);

  useEffect(() => {
    if (open) setCategory(undefined);
  }, [open]);

  return (
    <Modal
      open={open}
      title={t('batch.moveTitle', { count })}
      okText={t('batch.move')}
      cancelText={t('actions.cancel')}
      confirmLoading={isMoving}
      onCancel={onClose}
      onOk={async () => {
        setMoving(true);
        try {
          await onMove(category ?? null);
        } finally {
          setMoving(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('batch.moveTo')} extra={t('batch.moveHint')} htmlFor="kb-move-category">
          <TreeSelect
            id="kb-move-category"
            allowClear
            treeDefaultExpandAll
            value={category}
            onChange={(value: string | undefined) => setCategory(value)}
            placeholder={t('batch.noCategory')}
            treeData={toTreeOptions(tree)}
            fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
