import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button, Card, Table } from 'antd';
import { AntdProvider } from './AntdProvider';
import { markTableScrollRegions } from './TableScrollAccess';

// jsdom has no ResizeObserver; antd's table measures its columns with one.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const columns = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Note', dataIndex: 'note', key: 'note' },
];

const nameOf = (title: string) => (title ? `${title} (scrollable table)` : 'Scrollable table');

describe('table scroll areas reachable by keyboard', () => {
  it('makes a horizontally scrolling table a focusable region named after its card', () => {
    const { container } = render(
      <Card title="Blocked visitors">
        <Table rowKey="name" columns={columns} dataSource={[]} scroll={{ x: 1200 }} />
      </Card>,
    );
    const marked = markTableScrollRegions(container, nameOf);
    expect(marked).toHaveLength(1);
    const region = screen.getByRole('region', { name: 'Blocked visitors (scrollable table)' });
    expect(region).toHaveClass('ant-table-content');
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('leaves tables without a scroll area alone, and keeps a tab order chosen by the page', () => {
    const { container } = render(
      <>
        <Table rowKey="name" columns={columns} dataSource={[]} />
        <Table rowKey="name" columns={columns} dataSource={[]} scroll={{ x: 900 }} />
      </>,
    );
    const scrollers = container.querySelectorAll<HTMLElement>('.ant-table-content');
    expect(scrollers).toHaveLength(2);
    scrollers[1]?.setAttribute('tabindex', '-1');
    expect(markTableScrollRegions(container, nameOf)).toHaveLength(0);
    expect(scrollers[0]).not.toHaveAttribute('tabindex');
    expect(scrollers[0]).not.toHaveAttribute('role');
    expect(scrollers[1]).toHaveAttribute('tabindex', '-1');
  });

  it('marks tables that appear later, under the console provider, in the current language', async () => {
    const Later = () => {
      const [isShown, setShown] = useState(false);
      return (
        <>
          <Button onClick={() => setShown(true)}>show</Button>
          {isShown && <Table rowKey="name" columns={columns} dataSource={[]} scroll={{ x: 1400, y: 300 }} />}
        </>
      );
    };
    render(
      <AntdProvider>
        <Later />
      </AntdProvider>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    screen.getByRole('button', { name: 'show' }).click();
    const region = await waitFor(() => screen.getByRole('region', { name: 'Scrollable table' }));
    expect(region).toHaveAttribute('tabindex', '0');
  });
});
