/** A table's column headings, each with its classes (where it shows, how it aligns). */
export function HeadCells({
  cells,
}: {
  cells: ReadonlyArray<readonly [label: string, className: string]>
}) {
  return (
    <>
      {cells.map(([label, className]) => (
        <th key={label} scope="col" className={className}>
          {label}
        </th>
      ))}
    </>
  )
}
