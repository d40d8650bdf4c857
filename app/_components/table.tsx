import type { ReactNode } from "react";

/**
 * A table in its scrolling wrapper: column headers, an optional hidden caption, an optional
 * hidden "Actions" column, and one full-width row with `empty` when it is given (pass it only
 * when there are no rows).
 */
export function DataTable(props: { headers: string[]; caption?: string; actions?: boolean; empty?: ReactNode; children: ReactNode }) {
  const columns = props.headers.length + (props.actions ? 1 : 0);
  return (
    <div className="table-wrap">
      <table>
        {props.caption && <caption className="skip">{props.caption}</caption>}
        <thead>
          <tr>
            {props.headers.map((h) => (
              <th key={h}>{h}</th>
            ))}
            {props.actions && (
              <th>
                <span className="skip">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {props.empty && (
            <tr>
              <td colSpan={columns} className="empty">
                {props.empty}
              </td>
            </tr>
          )}
          {props.children}
        </tbody>
      </table>
    </div>
  );
}
