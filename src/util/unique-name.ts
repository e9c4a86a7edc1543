/**
 * `name`, or `name (2)`, `name (3)` … before its extension: the first that `taken` does not hold.
 * Attachments of one name and files written into one folder must not replace each other.
 */
export function uniqueName(name: string, taken: (candidate: string) => boolean): string {
  if (!taken(name)) return name
  const dot = name.lastIndexOf('.')
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})${ext}`
    if (!taken(candidate)) return candidate
  }
}
