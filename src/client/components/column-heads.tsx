/**
 * A table's header row of plain column names (`<th scope="col">` each), in order. The names in
 * `numeric` head columns of amounts, and take `numberClassName` (right-aligned like their figures).
 */
export function ColumnHeads({ names, numeric = [], numberClassName = 'table__number' }: { names: readonly string[]; numeric?: readonly string[]; numberClassName?: string }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className={numeric.includes(name) ? numberClassName : undefined}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
