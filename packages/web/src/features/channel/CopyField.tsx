import { Button, Input, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { copyText } from '../../shared/utils/copy';

/** A read-only value with a copy button (webhook URLs, app keys, chosen secrets). */
export const CopyField = ({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) => (
  <Space.Compact style={{ width: '100%' }}>
    <Input aria-label={label} readOnly value={value} />
    <Button
      icon={<CopyOutlined />}
      aria-label={`${copyLabel} ${label}`}
      onClick={() => void copyText(value)}
    />
  </Space.Compact>
);

/** A block of code with a copy button. */
export const CodeBlock = ({ label, code, copyLabel }: { label: string; code: string; copyLabel: string }) => (
  <div className="ok-channel-code">
    <pre aria-label={label}>
      <code>{code}</code>
    </pre>
    <Button
      size="small"
      icon={<CopyOutlined />}
      aria-label={`${copyLabel} ${label}`}
      onClick={() => void copyText(code)}
    >
      {copyLabel}
    </Button>
  </div>
);
