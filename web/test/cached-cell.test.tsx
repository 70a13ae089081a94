import { render, screen } from '@testing-library/react';
import Table from '@cloudscape-design/components/table';
import { describe, expect, it } from 'vitest';
import { cachedCell, cachedCells } from '../src/components/cached-cell';

interface Row {
  id: string;
  name: string;
}

describe('cachedCell', () => {
  it('draws a cell once per row object, and anew for a changed row', () => {
    let drawn = 0;
    const cell = cachedCell((row: Row) => {
      drawn += 1;
      return <b>{row.name}</b>;
    });
    const ada = { id: '1', name: 'Ada' };
    const first = cell(ada);
    expect(cell(ada)).toBe(first);
    expect(drawn).toBe(1);
    const renamed = { ...ada, name: 'Ada L.' };
    expect(cell(renamed)).not.toBe(first);
    expect(drawn).toBe(2);
  });

  it('keeps one cache per column', () => {
    const cells = cachedCells<Row, 'id' | 'name'>({ id: (row) => row.id, name: (row) => <i>{row.name}</i> });
    const row = { id: '7', name: 'Grace' };
    expect(cells.id(row)).toBe('7');
    expect(cells.name(row)).toBe(cells.name(row));
  });

  it("lets React skip a row's cells when Cloudscape's Table renders again", () => {
    const renders = new Map<string, number>();
    function Name({ row }: { row: Row }) {
      renders.set(row.id, (renders.get(row.id) ?? 0) + 1);
      return <span>{row.name}</span>;
    }
    const cached = cachedCell((row: Row) => <Name row={row} />);
    const rows = [
      { id: '1', name: 'Ada' },
      { id: '2', name: 'Grace' },
    ];
    const table = (header: string, cell: (row: Row) => React.ReactNode) => (
      <Table<Row>
        items={rows}
        trackBy="id"
        header={header}
        columnDefinitions={[{ id: 'name', header: 'Name', cell }]}
      />
    );

    const { rerender } = render(table('One', cached));
    const afterMount = new Map(renders);
    rerender(table('Two', cached));
    expect(screen.getByText('Two')).toBeTruthy();
    expect(renders).toEqual(afterMount);

    // The same column drawn without the cache is drawn again with every render of the table.
    const plain = (row: Row) => <Name row={row} />;
    rerender(table('Three', plain));
    rerender(table('Four', plain));
    expect(renders.get('1')).toBeGreaterThan(afterMount.get('1')! + 1);
  });
});
