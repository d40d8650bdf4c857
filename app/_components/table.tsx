import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "./ui/table";

/**
 * Gives each cell of a row its column's name as `data-label`, which the card layout of narrow
 * tables shows above the value. Done here, from `headers`, so a page writes each column's name
 * once. Rows must be TableRow (or <tr>) elements whose direct children are the cells.
 */
function labelCells(row: ReactNode, labels: string[]): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row)) return row;
  let column = 0;
  const cells = Children.map(row.props.children, (cell) => {
    if (!isValidElement(cell)) return cell;
    const label = labels[column++];
    return label ? cloneElement(cell as ReactElement<{ "data-label"?: string }>, { "data-label": label }) : cell;
  });
  return cloneElement(row, undefined, cells);
}

/**
 * A table in its card: column headers, an optional hidden caption, an optional hidden "Actions"
 * column, and one full-width row with `empty` when it is given (pass it only when there are no
 * rows). On narrow screens its rows become stacked cards (see ui/table.tsx).
 */
export function DataTable(props: { headers: string[]; caption?: string; actions?: boolean; empty?: ReactNode; children?: ReactNode }) {
  const columns = props.headers.length + (props.actions ? 1 : 0);
  return (
    <TableContainer className="mb-6">
      <Table>
        {props.caption && <caption className="sr-only">{props.caption}</caption>}
        <TableHeader>
          <TableRow>
            {props.headers.map((h) => (
              <TableHead key={h}>{h}</TableHead>
            ))}
            {props.actions && (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.empty && (
            <TableRow>
              <TableCell colSpan={columns} className="py-10 text-center text-muted-foreground @max-2xl:col-span-full">
                {props.empty}
              </TableCell>
            </TableRow>
          )}
          {Children.map(props.children, (row) => labelCells(row, props.headers))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
