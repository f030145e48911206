import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  /** Right-aligned, as figures are. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
  /** Extra classes for this column's cell in a given row (a charge in red, a payment in green). */
  tone?: (row: Row) => string;
}

/** The desk's lists as a plain table: one header row, one row per record, scrolling sideways when narrow. */
export function DeskTable<Row extends { id: string }>({ columns, rows }: { columns: Column<Row>[]; rows: Row[] }) {
  const align = (column: Column<Row>) => (column.numeric ? 'py-2 pr-3 text-right' : 'py-2 pr-3');
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={align(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.header} className={`${align(column)} ${column.tone?.(row) ?? ''}`.trimEnd()}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
