import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/download.ts';
import { DeskTable, type Column } from '../desk-table.tsx';
import { EmptyState } from '../desk-states.tsx';
import { csvOf } from './report-csv.ts';

/** A column of a report: its header and cell as the table shows them, and its raw value for the CSV. */
export interface ReportColumn<Row> extends Column<Row> {
  value: (row: Row) => string | number;
}

interface ReportSectionProps<Row> {
  heading: string;
  /** The CSV's file name, e.g. `loans-2031-03-01-2031-03-31.csv`. */
  file: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  /** The figure the bars draw (one per row) and each bar's label. */
  bar: (row: Row) => number;
  label: (row: Row) => string;
  children?: ReactNode;
}

/**
 * One report: bars drawn for the eye, the same figures as a table beside them (what screen readers read and
 * people copy), and the table as a CSV file. The bars are plain SVG: decision 081.
 */
export function ReportSection<Row extends { id: string }>(props: ReportSectionProps<Row>) {
  const t = useI18n().formatMessage;
  const { heading, rows, columns } = props;
  const id = `report-${props.file.replace(/[^a-z]/g, '')}`;
  const download = () => {
    const csv = csvOf(
      columns.map((column) => column.header),
      rows.map((row) => columns.map((column) => column.value(row))),
    );
    saveFile(new Blob([csv], { type: 'text/csv' }), props.file);
  };
  return (
    <section aria-labelledby={id} className="mb-10">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold text-gray-900">
          {heading}
        </h2>
        {rows.length > 0 && (
          <button type="button" className="btn-secondary btn-sm" onClick={download}>
            {t({ id: 'desk.reports.csv' }, { report: heading })}
          </button>
        )}
      </div>
      {props.children}
      {rows.length === 0 ? (
        <EmptyState>{t({ id: 'desk.reports.empty' })}</EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Bars values={rows.map(props.bar)} labels={rows.map(props.label)} />
          <DeskTable columns={columns} rows={rows} />
        </div>
      )}
    </section>
  );
}

const ROW = 22;

/** Horizontal bars, longest to the right edge; hidden from assistive technology (the table says the same). */
function Bars({ values, labels }: { values: number[]; labels: string[] }) {
  const most = Math.max(1, ...values);
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 300 ${values.length * ROW}`}
      className="w-full max-w-xl"
      style={{ maxHeight: `${Math.max(6, values.length) * 1.5}rem` }}
    >
      {values.map((value, i) => (
        <g key={`${labels[i]}-${i}`} transform={`translate(0 ${i * ROW})`}>
          <text x="0" y="15" className="fill-slate-600" fontSize="11">
            {labels[i]}
          </text>
          <rect x="110" y="4" height="14" width={(value / most) * 150} className="fill-indigo-500" rx="2" />
          <text x={114 + (value / most) * 150} y="15" className="fill-slate-800" fontSize="11">
            {value}
          </text>
        </g>
      ))}
    </svg>
  );
}
